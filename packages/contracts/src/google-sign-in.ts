import { z } from 'zod';

/**
 * AUTH-16: Google sign-in (OpenID Connect, authorization code with PKCE). The browser goes to
 * `start`, Google sends it back to `callback`, and the server sends it on to the login page with
 * `?google=<outcome>`; on `ok` the page fetches the session from `session` (the token never travels
 * in a URL).
 */
export const googleRoutes = {
  start: '/auth/google/start',
  callback: '/auth/google/callback',
  session: '/auth/google/session',
} as const;

/** GET /api/config (relative to the `/api` base): what the web app learns at run time. */
export const publicConfigPath = '/config';

/**
 * Where the login page keeps, for the trip to Google and back (sessionStorage), the page a protected
 * route sent the visitor from (AUTH-02): a Google sign-in lands where a password login would.
 */
export const GOOGLE_FROM_KEY = 'toque_google_from';

/** The login page's query parameter that carries the outcome. */
export const GOOGLE_OUTCOME_PARAM = 'google';

const googleOutcomes = ['ok', 'denied', 'state', 'unverified', 'unavailable', 'blocked', 'failed'] as const;
export type GoogleOutcome = (typeof googleOutcomes)[number];

/** What the login page says for each failed outcome (pt-BR). */
export const googleMsg = {
  denied: 'Você cancelou o acesso com o Google. Entre com e-mail e senha ou tente de novo.',
  state: 'O login com Google expirou ou veio de outra aba. Tente de novo.',
  unverified: 'O Google não confirmou este e-mail. Confirme o e-mail na sua conta Google ou entre com e-mail e senha.',
  unavailable: 'O Google não respondeu agora. Tente de novo em instantes ou entre com e-mail e senha.',
  blocked: 'Esta conta está bloqueada. Fale com o suporte.',
  failed: 'Não foi possível entrar com o Google. Tente de novo ou entre com e-mail e senha.',
  noSession: 'Nenhum login com Google em andamento. Tente de novo.',
  notConfigured: 'O login com Google não está disponível.',
  /** Under the button: signing up through Google accepts the same texts as the sign-up form (ACC-03). */
  consent: 'Ao entrar com Google pela primeira vez, você cria uma conta e aceita os Termos de Uso e a Política de Privacidade.',
} as const satisfies Record<Exclude<GoogleOutcome, 'ok'> | 'noSession' | 'notConfigured' | 'consent', string>;

export function googleOutcomeOf(value: string | null): GoogleOutcome | null {
  return googleOutcomes.find((o) => o === value) ?? null;
}

/** GET /api/config: what the web app needs to know about this installation at run time. */
export const publicConfigResponse = z.object({
  /** AUTH-16: the "Entrar com Google" button is shown only when the server has a client configured. */
  googleSignIn: z.boolean(),
  /** The map's tile server (a Leaflet URL template) and its attribution (HTML). */
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
