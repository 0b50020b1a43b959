import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

/** What the local provider says about an account: its login name at the provider is the key. */
export interface ProviderAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims each login name gets (set before the login). */
  accounts: Map<string, ProviderAccount>;
  /**
   * Registers the client's redirect URL (Toque's callback). For a Toque server that needs the issuer
   * before its own address is known (a browser test starts the provider first); until then the
   * provider answers 503.
   */
  redirectTo(url: string): void;
  close(): Promise<void>;
}

/**
 * AUTH-16: a real OpenID provider (`oidc-provider`, in-memory adapter) on a free port of this machine,
 * with one confidential client whose redirect URL is the server's callback. Its development login form
 * (devInteractions) takes any login name, and its "[ Cancel ]" link answers access_denied; consent is
 * granted at once (loadExistingGrant), as Google does for a returning user. Shared by the server's
 * tests and the browser test (e2e/login-google.spec.ts).
 */
export async function startLocalProvider(redirectUrl?: string): Promise<LocalProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'toque-test';
  const clientSecret = 'toque-test-secret-0123456789';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const configured = (callbackUrl: string) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [callbackUrl],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      cookies: { keys: ['local-provider-cookie-key'] },
      // As Google: the e-mail claims are in the ID token itself, not only at the userinfo endpoint.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => {
          const account = accounts.get(sub) ?? { email: `${sub}@example.com`, email_verified: false };
          return { sub, ...account };
        },
      }),
      loadExistingGrant: async (ctx) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
  let handle: ReturnType<Provider['callback']> | null = null;
  server.on('request', (request, response) => {
    if (handle) return void handle(request, response);
    response.writeHead(503).end();
  });
  const redirectTo = (url: string) => {
    handle = configured(url).callback();
  };
  if (redirectUrl) redirectTo(redirectUrl);
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    redirectTo,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A tiny cookie jar for fetch: the provider's session lives in cookies between its pages. */
class Jar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
}

/**
 * Walks the provider's pages as a browser would, from the authorization URL to the redirect back to
 * Toque: the login form (devInteractions) is submitted with `login`. Returns the callback URL the
 * provider sends the browser to (not followed).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: jar.header() } });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      if (url.startsWith(callbackPrefix)) return url;
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const uid = /name="uid" value="([^"]+)"/.exec(html)?.[1];
    const body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
    if (uid) body.set('uid', uid);
    url = new URL(action, url).toString();
    init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider never sent the browser back');
}
