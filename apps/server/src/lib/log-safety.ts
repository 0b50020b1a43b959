/**
 * OPS-05: what the JSON logs may say. No password, token, reset code, push endpoint or finder
 * coordinate ever reaches them:
 * - requests are logged by their route pattern (`/t/:code`, `/api/calls/:roomId/status`), never the
 *   raw URL: query strings carry coordinates (`/api/geocode/reverse?lat&lng`), searched CPFs and
 *   whatever a client appends, and path parameters carry tag codes and room ids. An unmatched URL
 *   is logged without its query string. Headers and bodies are never logged;
 * - errors keep their kind, message, code and stack, minus the values a failed query carried
 *   (drizzle's `params:` line, PostgreSQL's `detail` such as `Key (email)=(…)`) and any field
 *   beyond those (web-push's `endpoint`, a client's `body`…);
 * - and, in case a log call ever passes such a field itself, pino redacts it by name.
 */

/** What pino replaces a redacted value with. */
export const REDACTED = '[redacted]';

/**
 * Fields no log line may carry, wherever a log call puts them (top level or one level down). Not
 * `code`: errors' codes (ECONNREFUSED, 23505) are what an operator reads first, and the one log of a
 * reset code is development's own (AUTH-11, NODE_ENV=development only).
 */
const secretFields = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'token',
  'callerToken',
  'endpoint',
  'keys',
  'latitude',
  'longitude',
  'lat',
  'lng',
  'authorization',
  'cookie',
];

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-operator-token"]',
  ...secretFields,
  ...secretFields.map((field) => `*.${field}`),
];

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
  routeOptions?: { url?: string | undefined };
}

/** The request as the logs show it: its route, not its URL. */
export function requestLog(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.routeOptions?.url ?? req.url.split('?')[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** drizzle's "Failed query: … \nparams: v1,v2" names the values it sent; the SQL itself has only $n. */
const scrub = (text: string) => text.replace(/^params: .*$/gm, () => `params: ${REDACTED}`);

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: LoggedError | string;
}

function safeError(err: Error, depth: number): LoggedError {
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: LoggedError = { type: e.name || e.constructor.name, message: scrub(e.message), stack: scrub(e.stack ?? '') };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause instanceof Error && depth < 3) out.cause = safeError(e.cause, depth + 1);
  else if (typeof e.cause === 'string') out.cause = scrub(e.cause);
  return out;
}

/** An error as the logs show it (pino's `err`): kind, message, code and stack, scrubbed; its cause likewise. */
export function errorLog(err: Error): LoggedError {
  // A log call may pass anything as `err` (a rejection's reason): only its text then.
  return err instanceof Error ? safeError(err, 0) : { type: typeof err, message: scrub(String(err)), stack: '' };
}
