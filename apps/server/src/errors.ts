import { apiMsg } from '@toque/contracts/messages';

/** Typed errors thrown by services; the one error handler maps them to `{ message }` + status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Seconds the client should wait before trying again: sent as `Retry-After` (429, 503). */
    readonly retryAfterS?: number,
    /** Fields sent beside `message` (FIND-07: `quiet_until`); the route's response schema names them. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends HttpError {
  constructor(message: string = apiMsg.validation) {
    super(400, message);
  }
}
export class Unauthorized extends HttpError {
  constructor(message: string = apiMsg.unauthorized) {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message: string = apiMsg.forbidden) {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message: string = apiMsg.notFound) {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
/** FIND-07: the tag (or unit) is in quiet hours; the finder is told until when (ISO instant, and the owner's wall time). */
export class QuietHours extends HttpError {
  constructor(message: string, quietUntil: Date, quietUntilTime: string) {
    super(409, message, undefined, { quiet_until: quietUntil.toISOString(), quiet_until_time: quietUntilTime });
  }
}
export class TooManyRequests extends HttpError {
  constructor(retryAfterS: number, message: string = apiMsg.tooManyRequests) {
    super(429, message, Math.max(1, Math.ceil(retryAfterS)));
  }
}
/** REL-06: the `Retry-After` of a 503 while the database cannot be reached (docs/decisions/0051). */
export const DATABASE_RETRY_AFTER_S = 2;
/** The server is saturated (the Argon2 queue is full, SEC-05): try again shortly. */
export class ServiceUnavailable extends HttpError {
  constructor(retryAfterS: number, message: string = apiMsg.busy) {
    super(503, message, Math.max(1, Math.ceil(retryAfterS)));
  }
}
