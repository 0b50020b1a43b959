/**
 * Dates and times as Toque writes them: pt-BR, one formatter per style, created once (an
 * Intl.DateTimeFormat is costly to build). Mails, the data export and the consent record state
 * Brasília time (the mails say so); lists in the browser show the viewer's own clock.
 */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

/** '26/11/2026, 14:05' in Brasília time. */
export const brasiliaDateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '26/11/2026' in Brasília time. */
export const brasiliaDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: BRASILIA_TIME_ZONE });

/** '26/11/2026, 14:05' on the viewer's clock. */
export const localDateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** '26/11/2026, 14:05:09' on the viewer's clock: audit entries a second apart stay apart. */
export const localDateTimeSeconds = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

/** '14:05:09' on the viewer's clock. */
export const localClock = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** '14:05' in Brasília time. */
export const brasiliaClock = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '2026-11-26' in Brasília time: a calendar day as a sortable key. */
export const brasiliaIsoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '2026-11' in Brasília time: a month as a sortable key (the finance report's revenue). */
export const brasiliaIsoMonth = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '14:32' on the viewer's clock. */
export const localHourMinute = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** '29/11, 14:32' on the viewer's clock. */
export const localDayMonthClock = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
