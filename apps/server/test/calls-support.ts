import { afterAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type CreateCallResponse,
  type JoinAck,
} from '@toque/contracts/calls';
import type { ClientToServerEvents, ServerToClientEvents } from '@toque/contracts/socket-events';
import { calls, condominiums, outbox, tagMembers, unitResidents, units } from '../src/db/schema';
import { newTagCode } from '../src/lib/codes';
import { mint, signUp } from './helpers';

/** Test support of the calls-*.test.ts files: real listening servers, real socket.io clients. */

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Events = keyof ServerToClientEvents;
type Payload<E extends Events> = Parameters<ServerToClientEvents[E]>[0];

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

const clients: Client[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});

/** A websocket-only client that is connected (or refused) before this resolves. */
/** FIND-06: a finder's socket, authenticated by a conversation's token (not kept for the shared clean-up: tests close it). */
export function connectConversation(url: string, token: string): Promise<Client> {
  const socket: Client = connectClient(url, { path: SOCKET_PATH, transports: ['websocket'], auth: { conversation: token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

export function connect(url: string, token: string): Promise<Client> {
  const socket: Client = connectClient(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/**
 * Records every event a socket receives from the moment of the call, so a test can await one that
 * may already have arrived, or prove one never came.
 */
export function record(socket: Client) {
  const seen: { event: string; payload: unknown }[] = [];
  const waiters: { event: string; resolve: (p: unknown) => void }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    seen.push({ event, payload });
    for (const w of waiters.filter((x) => x.event === event)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(payload);
    }
  });
  return {
    all: <E extends Events>(event: E) => seen.filter((s) => s.event === event).map((s) => s.payload as Payload<E>),
    /** The next `event`; the bound is generous (a busy machine must not fail a good test), a test that
     * expects silence passes its own. A 3 s ring's 'call-cancelled' came after 3 s, past the old 3 s bound. */
    next<E extends Events>(event: E, timeoutMs = 20_000): Promise<Payload<E>> {
      const already = seen.find((s) => s.event === event);
      if (already) {
        seen.splice(seen.indexOf(already), 1);
        return Promise.resolve(already.payload as Payload<E>);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no '${event}' within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          event,
          resolve: (p) => {
            clearTimeout(timer);
            seen.splice(
              seen.findIndex((s) => s.payload === p && s.event === event),
              1,
            );
            resolve(p as Payload<E>);
          },
        });
      });
    },
  };
}
export type Recorder = ReturnType<typeof record>;

export function join(socket: Client, roomId: string): Promise<JoinAck> {
  return socket.timeout(10_000).emitWithAck('join', roomId);
}

/** Lets in-flight socket traffic settle before asserting that something did not arrive. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

export async function ownedTag(app: FastifyInstance, productId = 3, members = 0) {
  const owner = await signUp(app, { name: 'Joana Prado Lima' });
  const [code] = await mint(app, productId);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/products/associateQrCode',
    headers: owner.auth,
    payload: { code },
  });
  expect(res.statusCode).toBe(200);
  const shared = [];
  for (let i = 0; i < members; i++) {
    const member = await signUp(app, { name: `Membro ${i} Sobrenome` });
    await app.db.insert(tagMembers).values({ tagCode: code!, userId: userId(member.token) });
    shared.push(member);
  }
  return { owner, code: code!, members: shared };
}

/** A condominium plate with an owner (the síndico), one unit with `residents` residents and one empty unit. */
export async function plate(app: FastifyInstance, residents = 2) {
  const { owner, code } = await ownedTag(app, 5);
  const [condo] = await app.db.insert(condominiums).values({ name: 'Edifício Aurora', tagCode: code }).returning();
  const [unit] = await app.db
    .insert(units)
    .values({ condominiumId: condo!.id, name: '101', associationCode: newTagCode() })
    .returning();
  const [empty] = await app.db
    .insert(units)
    .values({ condominiumId: condo!.id, name: null, associationCode: newTagCode() })
    .returning();
  const people = [];
  for (let i = 0; i < residents; i++) {
    const r = await signUp(app, { name: `Morador ${i} Silva` });
    await app.db.insert(unitResidents).values({ unitId: unit!.id, userId: userId(r.token) });
    people.push(r);
  }
  return { owner, code, unit: unit!, empty: empty!, residents: people };
}

/** The user id inside a session token. */
export function userId(token: string): string {
  return (jwt.decode(token) as { sub: string }).sub;
}

export async function startCall(
  app: FastifyInstance,
  code: string,
  extra: Record<string, unknown> = {},
  ip = '127.0.0.1',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/calls',
    payload: { code, latitude: -19.9191, longitude: -43.9386, ...extra },
    remoteAddress: ip,
  });
  if (res.statusCode !== 201) throw new Error(`call failed: ${res.statusCode} ${res.body}`);
  return res.json<CreateCallResponse>();
}

export async function mailsTo(app: FastifyInstance, email: string) {
  return app.db.select().from(outbox).where(eq(outbox.to, email));
}

/**
 * Polls until `check` passes (for effects that land after an event, like a DB row or a mail). The
 * bound is generous: it is only reached by a failing test, and a busy machine must not fail a good one.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - start > timeoutMs) throw err;
      await settle(50);
    }
  }
}

/**
 * A ringing call as if its ring had run out, without racing a short ring timer: its start moves back
 * past the sweep's cutoff (the contract's 60 s, docs/decisions/0010), and the sweep — the same `expire`
 * the ring timer calls — marks it missed, tells both sides and mails the recipients. Needs an app
 * built with a short `CALL_SWEEP_INTERVAL_MS`.
 */
export async function ringOut(app: FastifyInstance, roomId: string) {
  await app.db
    .update(calls)
    .set({ startedAt: new Date(Date.now() - 5 * 60_000) })
    .where(eq(calls.id, roomId));
  await eventually(async () => {
    const [row] = await app.db.select({ status: calls.status }).from(calls).where(eq(calls.id, roomId));
    expect(row?.status).toBe('missed');
  });
}
