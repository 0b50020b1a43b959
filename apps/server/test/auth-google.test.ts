import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { GOOGLE_OUTCOME_PARAM, googleMsg } from '@toque/contracts/google-sign-in';
import { TERMS_VERSION } from '@toque/contracts/account';
import { users } from '../src/db/schema';
import { bearer, build, dbLabel, errorBody, freePort, login, signUp, uniqueEmail } from './helpers';
import { signInAtProvider, startLocalProvider } from './oidc-support';

const PUBLIC_URL = 'http://toque.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const provider = await startLocalProvider(CALLBACK);
afterAll(() => provider.close());

const { app, database } = await build({
  PUBLIC_URL,
  GOOGLE_ISSUER_URL: provider.issuer,
  GOOGLE_CLIENT_ID: provider.clientId,
  GOOGLE_CLIENT_SECRET: provider.clientSecret,
  RATE_LOGIN_PER_IP: '10000',
  RATE_LOGIN_PER_EMAIL: '10000',
});

/** The cookies a response sets, as a Cookie header (name=value; …). */
function cookiesOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

/** Starts a sign-in: the provider's authorization URL and the flow's cookie. */
async function start() {
  const res = await app.inject({ method: 'GET', url: '/api/auth/google/start' });
  expect(res.statusCode).toBe(302);
  return { authorizationUrl: String(res.headers.location), cookie: cookiesOf(res) };
}

/** Toque's callback for a provider redirect (the path and query only: inject speaks to the app). */
async function callback(callbackUrl: string, cookie: string) {
  const url = new URL(callbackUrl);
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });
}

function outcomeOf(res: { statusCode: number; headers: Record<string, unknown> }): string | null {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), PUBLIC_URL);
  expect(location.pathname).toBe('/login');
  return location.searchParams.get(GOOGLE_OUTCOME_PARAM);
}

/** The whole journey for a provider login name: the callback's answer. */
async function signIn(loginName: string) {
  const flow = await start();
  const back = await signInAtProvider(flow.authorizationUrl, loginName, CALLBACK);
  return callback(back, flow.cookie);
}

async function sessionToken(res: { headers: Record<string, unknown> }) {
  const session = await app.inject({ method: 'POST', url: '/api/auth/google/session', payload: {}, headers: { cookie: cookiesOf(res) } });
  expect(session.statusCode).toBe(200);
  return session.json<{ data: { token: string } }>().data.token;
}

async function userName(token: string) {
  const me = await app.inject({ method: 'GET', url: '/api/profile/userName', headers: bearer(token) });
  expect(me.statusCode).toBe(200);
  return me.json<{ userName: string }>().userName;
}

describe(`AUTH-16 Google sign-in (a local OpenID provider) ${dbLabel}`, () => {
  test('[AUTH-16] GET /api/config says Google sign-in is on when a client is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ googleSignIn: boolean }>().googleSignIn).toBe(true);
  });

  test('[AUTH-16] start sends the browser to the provider with PKCE (S256), state and nonce, and a short-lived httpOnly cookie', async () => {
    const { authorizationUrl } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const res = await app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=600/);
  });

  test('[AUTH-16] a new verified e-mail creates an account named as at Google, with the current terms, and logs in', async () => {
    const email = uniqueEmail('google.new');
    provider.accounts.set('nova', { email, email_verified: true, name: 'Beatriz Lima' });
    const res = await signIn('nova');
    expect(outcomeOf(res)).toBe('ok');
    const token = await sessionToken(res);
    expect(await userName(token)).toBe('Beatriz Lima');
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row?.termsVersion).toBe(TERMS_VERSION);
    // The cookie that carried the session is removed once the page has it.
    const again = await app.inject({ method: 'POST', url: '/api/auth/google/session', payload: {}, headers: { cookie: cookiesOf(res) } });
    expect(String(again.headers['set-cookie'])).toMatch(/toque_google_session=;.*Max-Age=0/);
  });

  test('[AUTH-16] an account with the same verified e-mail is the one logged in (linked), whatever the case; its password still works', async () => {
    const account = await signUp(app, { name: 'Carlos Mendes' });
    provider.accounts.set('carlos', { email: account.email.toUpperCase(), email_verified: true, name: 'Carlos M.' });
    const res = await signIn('carlos');
    expect(outcomeOf(res)).toBe('ok');
    expect(await userName(await sessionToken(res))).toBe('Carlos Mendes');
    const rows = await database.db.select().from(users).where(eq(users.email, account.email));
    expect(rows).toHaveLength(1);
    expect((await login(app, account.email, account.password)).statusCode).toBe(200);
  });

  test('[AUTH-16] an unverified e-mail is refused: no account is made or linked, no session', async () => {
    const account = await signUp(app, { name: 'Dora Alves' });
    provider.accounts.set('dora', { email: account.email, email_verified: false, name: 'Impostora' });
    const res = await signIn('dora');
    expect(outcomeOf(res)).toBe('unverified');
    expect(cookiesOf(res)).not.toMatch(/toque_google_session=[^;\s]/);
    const email = uniqueEmail('google.unverified');
    provider.accounts.set('ninguem', { email, email_verified: false });
    expect(outcomeOf(await signIn('ninguem'))).toBe('unverified');
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  test('[AUTH-16] a callback whose state is not this browser\'s flow (another tab, a forged link, no cookie) is refused', async () => {
    provider.accounts.set('eva', { email: uniqueEmail('google.state'), email_verified: true, name: 'Eva' });
    const first = await start();
    const second = await start();
    const back = await signInAtProvider(first.authorizationUrl, 'eva', CALLBACK);
    expect(outcomeOf(await callback(back, second.cookie))).toBe('state');
    expect(outcomeOf(await callback(back, ''))).toBe('state');
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expect(outcomeOf(await callback(tampered.toString(), first.cookie))).toBe('state');
  });

  test('[AUTH-16] an ID token whose nonce is not the flow\'s is refused', async () => {
    provider.accounts.set('fabio', { email: uniqueEmail('google.nonce'), email_verified: true, name: 'Fábio' });
    const flow = await start();
    const url = new URL(flow.authorizationUrl);
    url.searchParams.set('nonce', 'a-nonce-of-someone-else-0123456789');
    const back = await signInAtProvider(url.toString(), 'fabio', CALLBACK);
    const res = await callback(back, flow.cookie);
    expect(outcomeOf(res)).toBe('failed');
    expect(cookiesOf(res)).not.toMatch(/toque_google_session=[^;\s]/);
  });

  test('[AUTH-16] a code sent with another PKCE challenge is refused', async () => {
    provider.accounts.set('gil', { email: uniqueEmail('google.pkce'), email_verified: true, name: 'Gil' });
    const flow = await start();
    const url = new URL(flow.authorizationUrl);
    url.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const back = await signInAtProvider(url.toString(), 'gil', CALLBACK);
    expect(outcomeOf(await callback(back, flow.cookie))).toBe('failed');
  });

  test('[AUTH-16] consent denied at the provider comes back as "denied"', async () => {
    const flow = await start();
    const state = new URL(flow.authorizationUrl).searchParams.get('state')!;
    const res = await callback(`${CALLBACK}?error=access_denied&state=${state}`, flow.cookie);
    expect(outcomeOf(res)).toBe('denied');
  });

  test('[AUTH-16] the session endpoint without a finished sign-in answers 401 in Portuguese', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/session', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(googleMsg.noSession);
  });
});

describe(`AUTH-16 Google sign-in, not configured or provider down ${dbLabel}`, () => {
  test('[AUTH-16] without a client: /api/config says off and start answers 404 in Portuguese', async () => {
    const { app: plain } = await build();
    expect((await plain.inject({ method: 'GET', url: '/api/config' })).json<{ googleSignIn: boolean }>().googleSignIn).toBe(false);
    const res = await plain.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(googleMsg.notConfigured);
  });

  test('[AUTH-16] a provider that does not answer sends the browser back to the login page with "unavailable"', async () => {
    const { app: down } = await build({
      PUBLIC_URL,
      GOOGLE_ISSUER_URL: `http://127.0.0.1:${await freePort()}`,
      GOOGLE_CLIENT_ID: 'x',
      GOOGLE_CLIENT_SECRET: 'y',
    });
    const res = await down.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), PUBLIC_URL).searchParams.get(GOOGLE_OUTCOME_PARAM)).toBe('unavailable');
  });
});
