import { afterAll, describe, expect, test } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import { mailMsg } from '@toque/contracts/mail';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { buildApp } from '../src/app';
import { outbox } from '../src/db/schema';
import {
  bearer,
  dbLabel,
  engine,
  freePort,
  lastResetCode,
  login,
  openTestDatabase,
  signUp,
  uniqueEmail,
} from './helpers';

/**
 * REL-03 / SEC-06 against a real SMTP peer of the test's own (smtp-server on a free local port).
 * The apps here are built and closed inside each test: on PostgreSQL every app with SMTP runs a worker
 * over the one shared queue, so no worker may outlive the test that owns its peer.
 */

interface Received {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** A local SMTP peer that keeps what it receives; `refuse` answers 550 to those recipients. */
async function smtpPeer(port: number, opts: { delayMs?: number; refuse?: string[] } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.includes(address.address)) {
        const error = new Error('Caixa postal inexistente') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
          for (const rcpt of session.envelope.rcptTo) {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            received.push({ from, to: rcpt.address, subject: mail.subject ?? '', text: mail.text ?? '' });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function config(env: Record<string, string>) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    RATE_LOGIN_PER_IP: '100000',
    RATE_LOGIN_PER_EMAIL: '100000',
    RATE_CODE_PER_IP: '100000',
    // Fast polls and retries, so the test sees the backoff at work in well under a second.
    MAIL_POLL_MS: '100',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_RETRY_MAX_MS: '400',
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
    ...env,
  });
}

/**
 * `count` app instances on one database (PGlite lives in one process: they share it), closed by `close()`.
 * Each sends from its own address (instance-<i>@…), so the SMTP peer can tell which worker sent a mail.
 */
async function apps(count: number, env: Record<string, string> = {}) {
  const databases: Database[] = [];
  const instances: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const cfg = config({ MAIL_FROM: `Toque <instance-${i}@toque.test>`, ...env });
    const database =
      engine === 'postgres' || databases.length === 0 ? await openTestDatabase(cfg.databaseUrl) : databases[0]!;
    if (!databases.includes(database)) databases.push(database);
    instances.push(await buildApp(cfg, database));
  }
  await Promise.all(instances.map((a) => a.ready()));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.all(instances.map((a) => a.close()));
    for (const d of databases) await d.close();
  };
  afterAll(close);
  return { instances, close };
}

async function eventually(check: () => Promise<void> | void, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const rowsTo = (app: FastifyInstance, email: string) =>
  app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id));

const generateCode = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: { email } });

describe(`mail queue over SMTP ${dbLabel}`, () => {
  test('[REL-03] [SEC-06] SMTP down: the reset request answers 200, the code arrives when SMTP comes back, and the stored mail no longer holds it', async () => {
    const port = await freePort();
    const { instances, close } = await apps(1, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    const app = instances[0]!;
    let peer: Awaited<ReturnType<typeof smtpPeer>> | undefined;
    try {
      const account = await signUp(app, { name: 'Clara Nunes' });

      const asked = Date.now();
      const res = await generateCode(app, account.email);
      expect(res.statusCode).toBe(200);
      console.info(`[REL-03] reset request with SMTP down answered in ${Date.now() - asked} ms`);

      // The worker tried, failed and keeps the mail queued with the reason, backing off.
      await eventually(async () => {
        const [row] = await rowsTo(app, account.email);
        expect(row?.status).toBe('queued');
        expect(row?.attempts).toBeGreaterThanOrEqual(2);
        expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
      });

      const back = Date.now();
      peer = await smtpPeer(port);
      await eventually(() => expect(peer!.received.filter((m) => m.to === account.email)).toHaveLength(1));
      console.info(`[REL-03] the queued mail arrived ${Date.now() - back} ms after the SMTP peer came back`);
      const [mail] = peer.received;
      expect(mail!.subject).toBe(mailMsg.resetCodeSubject);
      expect(mail!.text).toContain('Clara');
      const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      // SEC-06: once SMTP has it, the outbox keeps who/what/when but not the code.
      await eventually(async () => expect((await rowsTo(app, account.email))[0]?.status).toBe('sent'));
      const [stored] = await rowsTo(app, account.email);
      expect(stored!.sentAt).toBeInstanceOf(Date);
      expect(stored!.subject).toBe(mailMsg.resetCodeSubject);
      expect(stored!.text).not.toContain(code!);
      expect(stored!.text).toBe('');
      await expect(lastResetCode(app, account.email)).rejects.toThrow(/no reset code/);

      // The code works, and the reset itself is confirmed by mail (SMTP, then cleared too).
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: account.email, code, password: 'nova-senha-9', confirmPassword: 'nova-senha-9' },
      });
      expect(reset.statusCode).toBe(200);
      await eventually(() =>
        expect(peer!.received.filter((m) => m.to === account.email).map((m) => m.subject)).toEqual([
          mailMsg.resetCodeSubject,
          mailMsg.passwordResetSubject,
        ]),
      );
      await eventually(async () =>
        expect((await rowsTo(app, account.email)).map((r) => [r.status, r.text])).toEqual([
          ['sent', ''],
          ['sent', ''],
        ]),
      );
    } finally {
      await close();
      await peer?.close();
    }
  });

  test('[REL-03] two app instances on one database send every queued mail exactly once', async () => {
    const port = await freePort();
    // A slow peer keeps each send in flight long enough for the two workers to overlap.
    const peer = await smtpPeer(port, { delayMs: 20 });
    const { instances, close } = await apps(2, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const accounts = await Promise.all([signUp(instances[0]!), signUp(instances[1]!)]);
      const recipients = Array.from({ length: 40 }, () => uniqueEmail('fila'));
      const started = Date.now();
      // Each instance queues half, and both are woken at once (as their request handlers would).
      await Promise.all(
        recipients.map((to, i) =>
          instances[i % 2]!.mailer.send({ to, subject: 'Toque: teste da fila', text: `mensagem ${i}` }),
        ),
      );
      // And reset requests through both instances' real routes.
      for (const [i, a] of accounts.entries())
        expect((await generateCode(instances[i]!, a.email)).statusCode).toBe(200);
      const all = [...recipients, ...accounts.map((a) => a.email)];

      await eventually(async () => {
        const rows = await instances[0]!.db
          .select({ status: outbox.status })
          .from(outbox)
          .where(inArray(outbox.to, all));
        expect(rows).toHaveLength(all.length);
        expect(rows.every((r) => r.status === 'sent')).toBe(true);
      }, 30_000);
      console.info(`[REL-03] ${all.length} mails through 2 workers in ${Date.now() - started} ms`);

      const mine = peer.received.filter((m) => all.includes(m.to));
      expect(mine).toHaveLength(all.length);
      expect(new Set(mine.map((m) => m.to)).size).toBe(all.length);
      // Both workers took part: the test would prove nothing if one of them had sent everything.
      const bySender = new Map<string, number>();
      for (const m of mine) bySender.set(m.from, (bySender.get(m.from) ?? 0) + 1);
      console.info(`[REL-03] mails per worker: ${[...bySender].map(([f, n]) => `${f}=${n}`).join(', ')}`);
      expect([...bySender.keys()].sort()).toEqual(['instance-0@toque.test', 'instance-1@toque.test']);
      const tries = await instances[1]!.db
        .select({ attempts: outbox.attempts })
        .from(outbox)
        .where(inArray(outbox.to, all));
      expect(tries.every((t) => t.attempts === 1)).toBe(true);
    } finally {
      await close();
      await peer.close();
    }
  });

  test('[REL-03] a mail the SMTP peer refuses for good (550) is given up at once, not retried', async () => {
    const port = await freePort();
    const refused = uniqueEmail('inexistente');
    const peer = await smtpPeer(port, { refuse: [refused] });
    const { instances, close } = await apps(1, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    const app = instances[0]!;
    try {
      await app.mailer.send({ to: refused, subject: 'Toque: teste', text: 'não chega' });
      await eventually(async () => expect((await rowsTo(app, refused))[0]?.status).toBe('failed'));
      const [row] = await rowsTo(app, refused);
      expect(row!.attempts).toBe(1);
      expect(row!.lastError).toMatch(/550/);
      expect(row!.text).toBe('');
      expect(peer.received.filter((m) => m.to === refused)).toEqual([]);
    } finally {
      await close();
      await peer.close();
    }
  });
});

describe(`mail after a password change, embedded outbox ${dbLabel}`, () => {
  test('[ACC-01] [ACC-02] [REL-03] a password change mails a confirmation; a rename or a refused change mails nothing', async () => {
    const { instances, close } = await apps(1);
    const app = instances[0]!;
    try {
      const account = await signUp(app, { name: 'Rui Barbosa' });
      const update = (payload: object) =>
        app.inject({ method: 'PUT', url: '/api/profile/updateUser', headers: account.auth, payload });

      expect((await update({ name: 'Rui B.', password: account.password })).statusCode).toBe(200);
      expect((await update({ name: 'Rui B.', password: 'senha-errada', newPassword: 'outra-123' })).statusCode).toBe(
        401,
      );
      expect(await rowsTo(app, account.email)).toEqual([]);

      const res = await update({ name: 'Rui Barbosa', password: account.password, newPassword: 'troquei-123' });
      expect(res.statusCode).toBe(200);
      const rows = await rowsTo(app, account.email);
      expect(rows).toHaveLength(1);
      // Without SMTP the outbox is the delivery: the mail stays readable there (npm run toque -- outbox).
      expect(rows[0]).toMatchObject({ subject: mailMsg.passwordChangedSubject, status: 'outbox', sentAt: null });
      expect(rows[0]!.text).toContain('Rui');
      expect(rows[0]!.text).toContain(mailMsg.notYou);
      // ACC-02: the older session ended with the change the mail reports.
      expect(
        (await app.inject({ method: 'GET', url: '/api/profile/userName', headers: account.auth })).statusCode,
      ).toBe(401);
      expect((await login(app, account.email, 'troquei-123')).statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  test('[AUTH-12] [REL-03] a password reset mails a confirmation; a wrong code mails nothing more', async () => {
    const { instances, close } = await apps(1);
    const app = instances[0]!;
    try {
      const account = await signUp(app);
      expect((await generateCode(app, account.email)).statusCode).toBe(200);
      const code = await lastResetCode(app, account.email);
      const reset = (c: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { email: account.email, code: c, password: 'nova-senha-1', confirmPassword: 'nova-senha-1' },
        });
      expect((await reset(code === '000000' ? '111111' : '000000')).statusCode).toBe(401);
      expect((await rowsTo(app, account.email)).map((r) => r.subject)).toEqual([mailMsg.resetCodeSubject]);

      expect((await reset(code)).statusCode).toBe(200);
      const subjects = (await rowsTo(app, account.email)).map((r) => r.subject);
      expect(subjects).toEqual([mailMsg.passwordResetSubject, mailMsg.resetCodeSubject]);
      const [notice] = await app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, account.email), eq(outbox.subject, mailMsg.passwordResetSubject)));
      expect(notice!.text).not.toMatch(/\b\d{6}\b/);
      // The newest code mail is still found behind the newer notice.
      expect(await lastResetCode(app, account.email)).toBe(code);
      expect(
        (await app.inject({ method: 'GET', url: '/api/profile/userName', headers: bearer(account.token) })).statusCode,
      ).toBe(401);
    } finally {
      await close();
    }
  });
});
