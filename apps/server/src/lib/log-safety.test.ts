import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { errorLog, REDACTED, redactPaths, requestLog } from './log-safety';

/** A pino logger configured as the app's, writing its JSON lines into an array. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ redact: { paths: redactPaths, censor: REDACTED }, serializers: { req: requestLog, err: errorLog } }, sink);
  return { log, lines };
}

describe('log safety', () => {
  test('[OPS-05] a request is logged by its route pattern, or its path without the query string', () => {
    const socket = { remotePort: 50000 };
    expect(
      requestLog({ method: 'GET', url: '/t/AB12CD34?lat=-19.93&lng=-43.93', ip: '127.0.0.1', socket, routeOptions: { url: '/t/:code' } }),
    ).toEqual({ method: 'GET', url: '/t/:code', host: undefined, remoteAddress: '127.0.0.1', remotePort: 50000 });
    expect(requestLog({ method: 'GET', url: '/api/nope?token=abc.def', ip: '::1', socket, routeOptions: {} }).url).toBe('/api/nope');
  });

  test("[OPS-05] a failed query's values and PostgreSQL's detail never reach the log; its SQL, code and stack do", () => {
    const database = Object.assign(new Error('duplicate key value violates unique constraint "push_endpoint_idx"'), {
      code: '23505',
      detail: 'Key (endpoint)=(https://fcm.googleapis.com/fcm/send/secret-id) already exists.',
    });
    const failed = new DrizzleQueryError('insert into "push_subscriptions" ("endpoint") values ($1)', ['https://fcm.googleapis.com/fcm/send/secret-id'], database);
    const { log, lines } = capture();
    log.error({ err: failed }, 'unhandled error');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-id');
    const err = lines[0]!.err as { type: string; message: string; stack: string; cause: { code: string; message: string } };
    expect(err.type).toBe('Error');
    expect(err.message).toBe(`Failed query: insert into "push_subscriptions" ("endpoint") values ($1)\nparams: ${REDACTED}`);
    expect(err.stack).toContain('log-safety.test.ts');
    expect(err.cause).toMatchObject({ code: '23505', message: database.message });
  });

  test('[OPS-05] an error keeps no field of its own beyond kind, message, code and stack (web-push puts the endpoint on it)', () => {
    const refused = Object.assign(new Error('Received unexpected response code'), {
      statusCode: 403,
      endpoint: 'https://fcm.googleapis.com/fcm/send/secret-id',
      body: 'secret-body',
    });
    expect(Object.keys(errorLog(refused)).sort()).toEqual(['message', 'stack', 'statusCode', 'type']);
    // A rejection's reason may be anything (Promise.allSettled in the push plugin).
    expect(errorLog('plain reason' as unknown as Error)).toEqual({ type: 'string', message: 'plain reason', stack: '' });
  });

  test('[OPS-05] fields named like secrets are redacted wherever a log call puts them', () => {
    const { log, lines } = capture();
    log.info(
      {
        password: 'p1',
        user: { token: 't1', callerToken: 't2', latitude: -19.9, longitude: -43.9 },
        subscription: { endpoint: 'https://push.example/x', keys: { auth: 'k' } },
        req: { method: 'POST', url: '/x', headers: { authorization: 'Bearer t3' } },
      },
      'careless',
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ['p1', 't1', 't2', '-19.9', '-43.9', 'push.example', '"k"', 't3']) expect(text).not.toContain(secret);
    expect(lines[0]!.password).toBe(REDACTED);
  });
});
