/** True when a database error is a unique-constraint violation (SQLSTATE 23505), on pg or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The code of db/client.ts's DatabaseTimeout: a statement the database did not answer in time. */
export const DATABASE_TIMEOUT_CODE = 'TOQUE_DB_TIMEOUT';

/** Node's socket errors that mean PostgreSQL cannot be reached (not a refusal of the statement). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', DATABASE_TIMEOUT_CODE]);
/**
 * SQLSTATEs of a server that is going or not there yet: connection exceptions (class 08), an
 * administrator's or a crash's shutdown, starting up, no connection slot left.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres and its pool say a lost connection in words only. */
const DRIVER_WORDS = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * REL-06: true when an error (or one of its causes: drizzle wraps the driver's) says the database
 * could not be reached or stopped answering — never for a statement it refused (a constraint, a
 * syntax error): those stay what they are.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === 'string' && DRIVER_WORDS.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
