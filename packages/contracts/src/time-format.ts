/**
 * Dates and times as Toque writes them: pt-BR, one formatter per style, created once and only when
 * first used (an Intl.DateTimeFormat is costly to build: these ten built when the module loaded took
 * ~200 ms of a 4×-slowed phone's main thread on every page that imports one of them — issue 35,
 * docs/decisions/0037's addendum). Mails, the data export and the consent record state Brasília time
 * (the mails say so); lists in the browser show the viewer's own clock.
 */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

/** A formatter built on its first `format`, then kept. */
interface DateFormat {
  format(date?: Date | number): string;
}
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): DateFormat {
  let built: Intl.DateTimeFormat | undefined;
  return { format: (date) => (built ??= new Intl.DateTimeFormat(locale, options)).format(date) };
}

/** '26/11/2026, 14:05' in Brasília time. */
export const brasiliaDateTime = lazyFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '26/11/2026' in Brasília time. */
export const brasiliaDate = lazyFormat('pt-BR', { dateStyle: 'short', timeZone: BRASILIA_TIME_ZONE });

/** '26/11/2026, 14:05' on the viewer's clock. */
export const localDateTime = lazyFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** '26/11/2026, 14:05:09' on the viewer's clock: audit entries a second apart stay apart. */
export const localDateTimeSeconds = lazyFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

/** '14:05:09' on the viewer's clock. */
export const localClock = lazyFormat('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** '14:05' in Brasília time. */
export const brasiliaClock = lazyFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '2026-11-26' in Brasília time: a calendar day as a sortable key. */
export const brasiliaIsoDay = lazyFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '2026-11' in Brasília time: a month as a sortable key (the finance report's revenue). */
export const brasiliaIsoMonth = lazyFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  timeZone: BRASILIA_TIME_ZONE,
});

/** '14:32' on the viewer's clock. */
export const localHourMinute = lazyFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** '29/11, 14:32' on the viewer's clock. */
export const localDayMonthClock = lazyFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
