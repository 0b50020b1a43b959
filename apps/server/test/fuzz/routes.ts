import { randomInt } from 'node:crypto';
import pg from 'pg';
import { TERMS_VERSION } from '@toque/contracts/account';
import { cpfFromBase } from '@toque/contracts/cpf';
import { json, WEBHOOK_SECRET, type Seed } from './server';

/**
 * SEC-09: who sends each body- or file-taking route, with which path, and which values get its body past
 * the first lookup to the work it does. The fuzz takes the routes from the app's route table: a route added
 * without an entry here fails the fuzz's first test, naming it.
 */

export interface Fixture {
  base: string;
  seed: Seed;
  /** Bearer headers, by role. */
  auth: Record<Role, Record<string, string>>;
  /** An account no other fixture needs: blocked, exported, deleted at will. */
  spareId: string;
  call: { roomId: string; callerToken: string };
  conversation: { id: number; token: string };
  /** A courier's delivery notice on the síndico's plate, whose one-time token uploads its photo. */
  delivery: () => Promise<{ id: number; photoToken: string }>;
}

export type Role = 'customer' | 'sindico' | 'admin' | 'spare' | 'none';

export interface Setup {
  as: Role;
  /** The URL with its parameters filled; the route's own when it has none. */
  url?: (f: Fixture) => string;
  /** Headers of a token that is not a session's (a caller's, a finder's). */
  headers?: (f: Fixture) => Record<string, string>;
  /** Made fresh for every request, before it is measured: the courier's one-time photo token. */
  prepare?: (f: Fixture) => Promise<{ url: string; headers: Record<string, string> }>;
  /** Values the handler needs to get past its first lookup (the plate, an owned tag). */
  base?: (f: Fixture) => Record<string, unknown>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The seed's tags: owned[0..3] personal (bracelet, doorbell, collar, backpack), owned[4] the customer's plate (Edifício Ipê). */
const tag = (f: Fixture, i: number) => f.seed.owned[i]!;

export const SETUPS: Record<string, Setup> = {
  // Accounts: nobody, or an account of its own (a wrong password never matches a hostile one).
  'POST /api/auth/login': { as: 'none' },
  'POST /api/auth/register': { as: 'none' },
  'POST /api/auth/web-onboarding': {
    as: 'none',
    base: (f) => ({ code: f.seed.unclaimed[0]!.code, productId: f.seed.unclaimed[0]!.productId }),
  },
  'POST /api/auth/generate-code': { as: 'none' },
  'POST /api/auth/reset-password': { as: 'none' },
  // Google sign-in's last leg (AUTH-16): its session comes in a cookie, not the body; unconfigured here, so a Portuguese 404.
  'POST /api/auth/google/session': { as: 'none' },
  'PUT /api/profile/updateUser': { as: 'spare' },
  'PUT /api/account/contact': { as: 'spare' },
  'POST /api/account/export': { as: 'spare' },
  'POST /api/account/delete': { as: 'spare' },
  // The owner's tags.
  'PUT /api/products/associateQrCode': { as: 'customer' },
  'DELETE /api/products/disableQrCode': { as: 'customer' },
  'PUT /api/products/updateName': { as: 'customer', base: (f) => ({ code: tag(f, 0) }) },
  'PUT /api/products/updateName:suffix': {
    as: 'customer',
    url: () => '/api/products/updateNameX',
    base: (f) => ({ code: tag(f, 0) }),
  },
  'PUT /api/products/:code/photo': { as: 'customer', url: (f) => `/api/products/${tag(f, 0)}/photo` },
  'POST /api/products/members': { as: 'customer', base: (f) => ({ code: tag(f, 3) }) },
  'DELETE /api/products/invitations': { as: 'customer', base: (f) => ({ code: tag(f, 3) }) },
  'DELETE /api/products/members': { as: 'customer', base: (f) => ({ code: tag(f, 3) }) },
  'PUT /api/products/:code/call-settings': { as: 'customer', url: (f) => `/api/products/${tag(f, 3)}/call-settings` },
  // FIND-11: the bracelet's medical card.
  'PUT /api/products/:code/medical-card': { as: 'customer', url: (f) => `/api/products/${tag(f, 0)}/medical-card` },
  'PUT /api/condominium/units/:id/quiet-hours': {
    as: 'customer',
    url: (f) => `/api/condominium/units/${f.seed.units[0]!.id}/quiet-hours`,
  },
  'DELETE /api/products/leave': { as: 'customer' },
  'POST /api/push/subscribe': { as: 'customer' },
  'POST /api/calls/test': { as: 'customer' },
  'POST /api/conversations/:id/messages': {
    as: 'customer',
    url: (f) => `/api/conversations/${f.conversation.id}/messages`,
  },
  'POST /api/door/units/:unitId/passes': {
    as: 'customer',
    url: (f) => `/api/door/units/${f.seed.sindicoUnits[0]!.id}/passes`,
  },
  // Billing.
  'POST /api/finance/charges': { as: 'customer' },
  'PUT /api/finance/plans/:code': { as: 'customer', url: (f) => `/api/finance/plans/${tag(f, 0)}` },
  'POST /api/webhooks/pix/:secret': { as: 'none', url: () => `/api/webhooks/pix/${WEBHOOK_SECRET}` },
  'POST /api/admin/charges/:id/paid': { as: 'admin', url: () => '/api/admin/charges/1/paid' },
  'POST /api/admin/charges/statement': { as: 'admin' },
  'PUT /api/admin/finance/settings': { as: 'admin' },
  // The operator's way in: loopback and a secret this test does not have (403 after the body is read and checked).
  'POST /api/operator': { as: 'none' },
  // The finder: a call's caller token, a conversation's token, a tag's public routes.
  'POST /api/calls': { as: 'none', base: (f) => ({ code: tag(f, 0) }) },
  'POST /api/calls/:roomId/message': {
    as: 'none',
    url: (f) => `/api/calls/${f.call.roomId}/message`,
    headers: (f) => bearer(f.call.callerToken),
  },
  'POST /api/calls/:roomId/callback': {
    as: 'none',
    url: (f) => `/api/calls/${f.call.roomId}/callback`,
    headers: (f) => bearer(f.call.callerToken),
  },
  'POST /api/calls/:roomId/location': {
    as: 'none',
    url: (f) => `/api/calls/${f.call.roomId}/location`,
    headers: (f) => bearer(f.call.callerToken),
  },
  // FIND-12: the finder's recording after the call (the file itself), with the call's caller token.
  'POST /api/calls/:roomId/recording': {
    as: 'none',
    url: (f) => `/api/calls/${f.call.roomId}/recording`,
    headers: (f) => bearer(f.call.callerToken),
  },
  'POST /api/public/tags/:code/message': { as: 'none', url: (f) => `/api/public/tags/${tag(f, 2)}/message` },
  'POST /api/public/tags/:code/location': { as: 'none', url: (f) => `/api/public/tags/${tag(f, 2)}/location` },
  'POST /api/public/tags/:code/conversations': {
    as: 'none',
    url: (f) => `/api/public/tags/${tag(f, 1)}/conversations`,
  },
  'POST /api/public/conversation/messages': { as: 'none', headers: (f) => bearer(f.conversation.token) },
  // The condominium: the síndico's own plate (Residencial Jacarandá), the customer's (Edifício Ipê) for its geofence.
  'POST /api/connects/ownerQrCode': { as: 'customer', base: (f) => ({ qrCode: tag(f, 4) }) },
  'POST /api/connects/listUnits': { as: 'customer', base: (f) => ({ qrCode: tag(f, 4) }) },
  'PUT /api/condominium/updateUnitName': { as: 'sindico', base: (f) => ({ unitId: f.seed.sindicoUnits[2]!.id }) },
  'DELETE /api/condominium/deleteMemberFromUnit': { as: 'sindico' },
  'POST /api/condominium/regenerateUnitCode': { as: 'sindico' },
  'POST /api/condominium/units/bulk': { as: 'sindico', base: (f) => ({ qrCode: f.seed.sindicoPlate }) },
  'POST /api/condominium/units/residents': { as: 'sindico', base: (f) => ({ unitId: f.seed.sindicoUnits[2]!.id }) },
  'PUT /api/condominium/plate-position': { as: 'customer', base: (f) => ({ qrCode: tag(f, 4) }) },
  // The door (CONDO-15/16): a courier's notice and its photo, a visitor's pass.
  'POST /api/public/tags/:code/deliveries': {
    as: 'none',
    url: (f) => `/api/public/tags/${f.seed.sindicoPlate}/deliveries`,
    base: (f) => ({ unitId: f.seed.sindicoUnits[0]!.id }),
  },
  'PUT /api/public/deliveries/:id/photo': {
    as: 'none',
    prepare: async (f) => {
      const d = await f.delivery();
      return { url: `/api/public/deliveries/${d.id}/photo`, headers: bearer(d.photoToken) };
    },
  },
  'POST /api/public/tags/:code/pass': { as: 'none', url: (f) => `/api/public/tags/${f.seed.sindicoPlate}/pass` },
  // The gate (CONDO-18): the síndico's settings of their plate's gate; a pass link opening it.
  'PUT /api/gate/plates/:code': { as: 'sindico', url: (f) => `/api/gate/plates/${f.seed.sindicoPlate}` },
  'POST /api/public/tags/:code/gate': { as: 'none', url: (f) => `/api/public/tags/${f.seed.sindicoPlate}/gate` },
  // The administrator: activation, tags (unclaimed ones), users (the spare account), batches.
  'POST /api/condominium/createCondominium': { as: 'admin' },
  'POST /api/condominium/createUnitOfCondominium': { as: 'admin' },
  'PATCH /api/products/qrcode/:code/status': {
    as: 'admin',
    url: (f) => `/api/products/qrcode/${f.seed.unclaimed[1]!.code}/status`,
  },
  'POST /api/admin/tags/:code/transfer': {
    as: 'admin',
    url: (f) => `/api/admin/tags/${f.seed.unclaimed[2]!.code}/transfer`,
  },
  'POST /api/admin/users/:userId/block': { as: 'admin', url: (f) => `/api/admin/users/${f.spareId}/block` },
  'POST /api/admin/batches': { as: 'admin' },
};

async function login(base: string, email: string, password: string): Promise<Record<string, string>> {
  const res = await json<{ data: { token: string } }>(base, 'POST', '/api/auth/login', {
    email,
    password,
    platform: 'web',
    token: '',
  });
  if (res.status !== 200) throw new Error(`login of ${email}: ${res.status}`);
  return bearer(res.data.data.token);
}

function check<T>(what: string, res: { status: number; data: T }, status: number): T {
  if (res.status !== status) throw new Error(`set-up: ${what} answered ${res.status} ${JSON.stringify(res.data)}`);
  return res.data;
}

/** The accounts logged in, a call ringing, a conversation open: what the routes above need, made through the server itself. */
export async function makeFixture(base: string, seed: Seed, databaseUrl: string): Promise<Fixture> {
  const password = seed.password;
  const spare = {
    name: 'Conta Reserva',
    email: `reserva.${randomInt(1e9)}@exemplo.com.br`,
    phone: '31955554444',
    cpfOrCnpj: cpfFromBase(String(randomInt(100_000_000, 999_999_999))),
    password: 'reserva-123',
    termsVersion: TERMS_VERSION,
  };
  check('register', await json(base, 'POST', '/api/auth/register', spare), 201);
  const auth: Record<Role, Record<string, string>> = {
    customer: await login(base, seed.customer.email, password),
    sindico: await login(base, seed.sindico.email, password),
    admin: await login(base, seed.admin.email, password),
    spare: await login(base, spare.email, spare.password),
    none: {},
  };
  const call = check(
    'a call',
    await json<{ roomId: string; callerToken: string }>(base, 'POST', '/api/calls', { code: seed.owned[0] }),
    201,
  );
  const started = check(
    'a conversation',
    await json<{ token: string }>(base, 'POST', `/api/public/tags/${seed.owned[1]}/conversations`, {
      body: 'Achei a sua campainha.',
    }),
    201,
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let spareId: string;
  let conversationId: number;
  try {
    spareId = (await db.query<{ id: string }>('select id from users where email = $1', [spare.email])).rows[0]!.id;
    conversationId = (await db.query<{ id: number }>('select id from conversations order by id desc limit 1')).rows[0]!
      .id;
  } finally {
    await db.end();
  }
  const delivery = async () =>
    check(
      'a delivery notice',
      await json<{ id: number; photoToken: string }>(base, 'POST', `/api/public/tags/${seed.sindicoPlate}/deliveries`, {
        unitId: seed.sindicoUnits[0]!.id,
        company: 'correios',
      }),
      201,
    );
  return {
    base,
    seed,
    auth,
    spareId,
    call: { roomId: call.roomId, callerToken: call.callerToken },
    conversation: { id: conversationId, token: started.token },
    delivery,
  };
}
