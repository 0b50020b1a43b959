import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { condoApi } from '@toque/contracts/routes';
import { users } from '../src/db/schema';
import { bearer, mint, signUp } from './helpers';

/** Test support of the condominium and admin suites: accounts in every role, and an activated condominium. */
export type Account = Awaited<ReturnType<typeof signUp>>;

export async function signUpAdmin(app: FastifyInstance, overrides: Record<string, string> = {}): Promise<Account> {
  const account = await signUp(app, { name: 'Ana Administradora', ...overrides });
  await app.db.update(users).set({ isToqueAdmin: true }).where(eq(users.email, account.email));
  return account;
}

export function post(app: FastifyInstance, url: string, token: string | undefined, payload: unknown) {
  return app.inject({ method: 'POST', url: `/api${url}`, headers: token ? bearer(token) : {}, payload: payload as object });
}

export function send(app: FastifyInstance, method: 'PUT' | 'DELETE' | 'PATCH' | 'POST' | 'GET', url: string, token: string | undefined, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** An admin activates a condominium of `count` units on a fresh plate for `sindico` (ADM-02). */
export async function activate(app: FastifyInstance, admin: Account, sindico: Account, count = 3, names: string[] = []) {
  const [plate] = await mint(app, 5, 1);
  const created = await post(app, condoApi.createCondominium, admin.token, { nameCondominium: 'Edifício Aroeira' });
  if (created.statusCode !== 201) throw new Error(`createCondominium ${created.statusCode} ${created.body}`);
  const condominiumId = created.json<{ id: number }>().id;
  const unitIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await post(app, condoApi.createUnit, admin.token, {
      condominiumId,
      qrCode: plate,
      nameOfUnit: names[i] ?? `Apto ${101 + i}`,
      emailAdminCond: sindico.email,
    });
    if (res.statusCode !== 201) throw new Error(`createUnit ${res.statusCode} ${res.body}`);
    unitIds.push(res.json<{ unit_id: number }>().unit_id);
  }
  return { plate: plate!, condominiumId, unitIds };
}
