import jwt from 'jsonwebtoken';
import * as oidc from 'openid-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * AUTH-16: the OpenID Connect side of Google sign-in (docs/decisions/0049): authorization code with
 * PKCE (S256), state and nonce, through `openid-client`. The flow's secrets (state, nonce, PKCE
 * verifier) wait in a signed, httpOnly cookie of this browser for 10 minutes, so any server process
 * can finish the flow and nothing is stored.
 */
export type GoogleSettings = NonNullable<Config['google']>;

const FLOW_COOKIE = 'toque_google_flow';
const SESSION_COOKIE = 'toque_google_session';
const FLOW_PATH = '/api/auth/google';
const SESSION_PATH = '/api/auth/google/session';
const FLOW_TTL_S = 600;
/** The session token waits this long for the login page to fetch it. */
const SESSION_TTL_S = 120;
const FLOW_AUDIENCE = 'toque:google-flow';
const SCOPE = 'openid email profile';

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

/** The outcome the login page reads; 'unavailable' when the provider could not be reached. */
export class ProviderUnavailable extends Error {}

export function googleClient(settings: GoogleSettings) {
  let discovered: Promise<oidc.Configuration> | null = null;
  /** Discovery once per process; a failure is not kept (the provider may be back next time). */
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        // Plain http only for a provider on this machine (tests); production refuses it (config-areas/google.ts).
        { timeout: 10, execute: settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [] },
      )
      .catch((error: unknown) => {
        discovered = null;
        throw new ProviderUnavailable('discovery failed', { cause: error });
      });
    return discovered;
  }

  return {
    /** The provider's authorization URL and the flow to keep in the browser's cookie. */
    async start(): Promise<{ url: string; flow: Flow }> {
      const config = await configuration();
      const flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUrl,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.href, flow };
    },

    /**
     * Exchanges the code (PKCE verifier, state and nonce checked by openid-client, the ID token's
     * signature, issuer, audience and expiry too) and returns its claims.
     */
    async finish(query: string, flow: Flow) {
      const config = await configuration();
      const current = new URL(settings.redirectUrl);
      current.search = query;
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        // fetch's own failure (refused, reset, timed out) means the provider is not there.
        if (error instanceof TypeError || (error instanceof Error && error.cause instanceof TypeError)) {
          throw new ProviderUnavailable('token request failed', { cause: error });
        }
        throw error;
      }
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token claims');
      return {
        email: typeof claims.email === 'string' ? claims.email : undefined,
        // Google sends a boolean; anything else is not a confirmation.
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function setCookie(reply: FastifyReply, secure: boolean, name: string, value: string, path: string, maxAge: number) {
  const attributes = [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const list = Array.isArray(previous) ? previous.map(String) : previous ? [String(previous)] : [];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}

/** The cookies of the flow and of the finished session, signed with the session secret. */
export function googleCookies(secret: string, acceptedSecrets: string[], secure: boolean) {
  return {
    saveFlow(reply: FastifyReply, flow: Flow) {
      const value = jwt.sign(flow, secret, { algorithm: 'HS256', audience: FLOW_AUDIENCE, expiresIn: FLOW_TTL_S });
      setCookie(reply, secure, FLOW_COOKIE, value, FLOW_PATH, FLOW_TTL_S);
    },
    /** The flow this browser started, or null (none, expired, forged). */
    readFlow(request: FastifyRequest): Flow | null {
      const value = cookieValue(request, FLOW_COOKIE);
      if (!value) return null;
      for (const key of [secret, ...acceptedSecrets]) {
        try {
          const claims = jwt.verify(value, key, { algorithms: ['HS256'], audience: FLOW_AUDIENCE }) as Partial<Flow>;
          if (typeof claims.state === 'string' && typeof claims.nonce === 'string' && typeof claims.verifier === 'string') {
            return { state: claims.state, nonce: claims.nonce, verifier: claims.verifier };
          }
          return null;
        } catch {
          // Try the next accepted secret (OPS-06).
        }
      }
      return null;
    },
    clearFlow(reply: FastifyReply) {
      setCookie(reply, secure, FLOW_COOKIE, '', FLOW_PATH, 0);
    },
    saveSession(reply: FastifyReply, token: string) {
      setCookie(reply, secure, SESSION_COOKIE, token, SESSION_PATH, SESSION_TTL_S);
    },
    readSession(request: FastifyRequest): string | undefined {
      return cookieValue(request, SESSION_COOKIE) || undefined;
    },
    clearSession(reply: FastifyReply) {
      setCookie(reply, secure, SESSION_COOKIE, '', SESSION_PATH, 0);
    },
  };
}
