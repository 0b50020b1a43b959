import { z } from 'zod';
import { callUi } from './call-ui';
import { DAY_MS } from './constants';
import { BRASILIA_TIME_ZONE } from './time-format';

/**
 * FIND-07 quiet hours and FIND-08 the ring order (docs/decisions/0043): the schemas, the pure
 * time logic (Intl only — no Temporal, no library) and the owner's Portuguese texts.
 *
 * A window belongs to the day it STARTS on: 23:00–07:00 with Monday ticked is quiet from Monday
 * 23:00 until Tuesday 07:00 (and not from Sunday 23:00 to Monday 07:00). The start is inside the
 * window, the end is not: 22:00–07:00 is quiet at 22:00:00 and rings again at 07:00:00.
 */

export const DEFAULT_TIME_ZONE = BRASILIA_TIME_ZONE;

/** The zones the edit page offers (Brazil's, then a few a Brazilian owner abroad may live in); any valid IANA zone is accepted by the API. */
export const TIME_ZONES = [
  BRASILIA_TIME_ZONE,
  'America/Manaus',
  'America/Cuiaba',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
  'America/Belem',
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Campo_Grande',
  'America/Araguaina',
  'America/Maceio',
  'America/Santarem',
  'America/Eirunepe',
  'America/Argentina/Buenos_Aires',
  'America/Montevideo',
  'America/New_York',
  'Europe/Lisbon',
  'UTC',
] as const;

/** FIND-08: the owner's own turn when ringing in order, in seconds. */
export const RING_STEP_MIN_S = 15;
export const RING_STEP_MAX_S = 60;
export const RING_STEP_DEFAULT_S = 20;
/** FIND-08: the members' turn is never shorter than this inside the total ring timeout (the owner's turn gives way). */
const MEMBERS_MIN_SHARE_MS = 15_000;

export const quietMsg = {
  daysRequired: 'Escolha pelo menos um dia da semana.',
  dayInvalid: 'Dia da semana inválido.',
  timeInvalid: 'Informe o horário no formato HH:MM (de 00:00 a 23:59).',
  sameTimes: 'O início e o fim do horário de silêncio não podem ser iguais.',
  zoneInvalid: 'Fuso horário desconhecido.',
  ringSecondsInvalid: `Escolha de ${RING_STEP_MIN_S} a ${RING_STEP_MAX_S} segundos para o dono.`,
  /** The server's answer to a call in quiet hours (409); `until` is the owner's local time ("07:00"). */
  quiet: callUi.finder.quiet,
  onlyOwner: 'Só o dono do toque pode mudar o silêncio e a ordem das chamadas.',
  onlyResident: 'Só os moradores da unidade podem mudar o horário de silêncio.',
} as const;

/** FIND-07 / FIND-08: the owner's edit page and the resident's unit page. */
export const callSettingsUi = {
  heading: 'Silêncio e ordem das chamadas',
  quietLegend: 'Horário de silêncio',
  quietToggle: 'Não tocar em certos horários',
  quietHelp:
    'Nesses horários o Toque não chama: quem encontrou vê até que horas e pode deixar uma mensagem. No modo perdido ele sempre toca.',
  days: 'Dias (o dia em que o silêncio começa)',
  dayNames: ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'],
  from: 'Das',
  until: 'Até',
  crossesMidnight: 'Termina no dia seguinte.',
  zone: 'Fuso horário',
  orderLegend: 'Quem é chamado',
  together: 'Todos ao mesmo tempo',
  inOrder: 'Em ordem: primeiro eu, depois as pessoas com quem compartilho',
  ownerSeconds: 'Segundos tocando só para mim (15 a 60)',
  noMembers: 'Este Toque não é compartilhado: só você é chamado.',
  save: 'Salvar silêncio e ordem',
  saved: 'Configurações de chamada salvas.',
  unitHeading: 'Horário de silêncio da unidade',
  unitSave: 'Salvar horário de silêncio',
  loading: 'Carregando...',
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, quietMsg.timeInvalid);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Days: 0 = Sunday … 6 = Saturday (Date#getDay), each the day a window starts on. */
export const quietHoursSchema = z
  .object({
    days: z
      .array(
        z
          .number({ error: quietMsg.dayInvalid })
          .int(quietMsg.dayInvalid)
          .min(0, quietMsg.dayInvalid)
          .max(6, quietMsg.dayInvalid),
      )
      .min(1, quietMsg.daysRequired)
      .max(7, quietMsg.dayInvalid)
      .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
    from: hhmm,
    until: hhmm,
    timeZone: z.string().max(64, quietMsg.zoneInvalid).refine(isTimeZone, quietMsg.zoneInvalid),
  })
  .refine((q) => q.from !== q.until, { message: quietMsg.sameTimes, path: ['until'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const ringOrderSeconds = z
  .number({ error: quietMsg.ringSecondsInvalid })
  .int(quietMsg.ringSecondsInvalid)
  .min(RING_STEP_MIN_S, quietMsg.ringSecondsInvalid)
  .max(RING_STEP_MAX_S, quietMsg.ringSecondsInvalid);

/** PUT /api/products/:code/call-settings — null quiet hours: none; null ring order: everyone at once. */
export const tagCallSettingsBody = z.object({
  quietHours: quietHoursSchema.nullable(),
  ringOrderSeconds: ringOrderSeconds.nullable(),
});
export type TagCallSettingsBody = z.infer<typeof tagCallSettingsBody>;
export const tagCallSettings = z.object({
  quietHours: quietHoursSchema.nullable(),
  ringOrderSeconds: z.number().int().nullable(),
  /** Whether the tag has members (in order, they are the second step). */
  hasMembers: z.boolean(),
});
export type TagCallSettings = z.infer<typeof tagCallSettings>;

/** FIND-07: POST /api/calls's 409 during quiet hours (other 409s carry only `message`). */
export const quietConflict = z.object({
  message: z.string(),
  quiet_until: z.string().optional(),
  /** The owner's wall time ("07:00"), in the tag's (or unit's) zone. */
  quiet_until_time: z.string().optional(),
});

/** PUT /api/condominium/units/:id/quiet-hours — chosen by the unit's residents. */
export const unitQuietHoursBody = z.object({ quietHours: quietHoursSchema.nullable() });
export const unitQuietHours = z.object({ quietHours: quietHoursSchema.nullable() });

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string) {
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    partsFormat.set(zone, f);
  }
  return f;
}

const weekdays: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall clock of `instant` in `zone`. */
export function localParts(instant: Date, zone: string) {
  const p: Record<string, string> = {};
  for (const { type, value } of formatOf(zone).formatToParts(instant)) p[type] = value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: weekdays[p.weekday ?? ''] ?? 0,
  };
}

/** The zone's offset from UTC at `instant`, in ms. */
function offsetAt(instant: number, zone: string): number {
  const l = localParts(new Date(instant), zone);
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the wall clock of `zone` reads this date and time (a skipped time moves forward). */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  zone: string,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = wall - offsetAt(wall - DAY_MS, zone);
  const after = wall - offsetAt(wall + DAY_MS, zone);
  const reads = (t: number) => {
    const l = localParts(new Date(t), zone);
    return l.hour === hour && l.minute === minute;
  };
  // Twice on the wall (clocks back): the earlier; never on it (clocks forward): the offset before the gap moves it forward.
  const candidates = [before, after].filter(reads).sort((a, b) => a - b);
  return new Date(candidates[0] ?? before);
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * FIND-07: when the quiet window around `now` ends, or null when `now` is not quiet. The window
 * is taken from the day it starts on (see the top of this file).
 */
export function quietUntil(
  q: Pick<QuietHours, 'days' | 'from' | 'until' | 'timeZone'> | null | undefined,
  now: Date,
): Date | null {
  if (!q) return null;
  const l = localParts(now, q.timeZone);
  const m = l.hour * 60 + l.minute;
  const from = minutesOf(q.from);
  const until = minutesOf(q.until);
  const on = (day: number) => q.days.includes(((day % 7) + 7) % 7);
  let endDayOffset: number | null = null;
  if (from < until) {
    if (on(l.weekday) && m >= from && m < until) endDayOffset = 0;
  } else if (on(l.weekday) && m >= from) {
    endDayOffset = 1;
  } else if (on(l.weekday - 1) && m < until) {
    endDayOffset = 0;
  }
  if (endDayOffset === null) return null;
  // Calendar arithmetic on the wall date, then back to an instant in the zone.
  const d = new Date(Date.UTC(l.year, l.month - 1, l.day + endDayOffset));
  return zonedInstant(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    Math.floor(until / 60),
    until % 60,
    q.timeZone,
  );
}

/** "07:00": an instant on the wall clock of `zone`. */
export function wallTime(instant: Date, zone: string): string {
  const l = localParts(instant, zone);
  return `${String(l.hour).padStart(2, '0')}:${String(l.minute).padStart(2, '0')}`;
}

/**
 * FIND-08: how long the owner rings alone, inside the total ring timeout: the chosen seconds, but
 * never so long that the members get less than MEMBERS_MIN_SHARE_MS (nor less than nothing).
 */
export function ownerStepMs(seconds: number, ringTimeoutMs: number): number {
  return Math.max(0, Math.min(seconds * 1000, ringTimeoutMs - MEMBERS_MIN_SHARE_MS));
}

export const unitIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** API paths, relative to the `/api` base. */
export const callSettingsApi = {
  tag: (code: string) => `/products/${encodeURIComponent(code)}/call-settings`,
  unit: (id: number) => `/condominium/units/${id}/quiet-hours`,
} as const;
