import { z } from 'zod';
import type { Values } from './area';
import { urlOf } from './area';
import type { httpVariables } from './http';

/**
 * AUTH-16: Google sign-in (OpenID Connect, docs/decisions/0049). Off until a client id and secret are
 * set (then the login page shows "Entrar com Google"). The issuer is Google's unless set: a test, or
 * another OpenID provider, names its own.
 */
export const googleVariables = {
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER_URL: urlOf(['https:', 'http:'], 'an http(s) URL: https://accounts.google.com').default('https://accounts.google.com'),
  /** Where the provider sends the browser back; registered at the provider (default: PUBLIC_URL/api/auth/google/callback). */
  GOOGLE_REDIRECT_URL: z.string().url().optional(),
};

type GoogleValues = Values<typeof googleVariables & Pick<typeof httpVariables, 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>>;

export function googleConfig(e: GoogleValues) {
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            issuer: e.GOOGLE_ISSUER_URL.replace(/\/$/, ''),
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            redirectUrl: e.GOOGLE_REDIRECT_URL ?? `${publicUrl}/api/auth/google/callback`,
          }
        : null,
  };
}

export function checkGoogle(e: GoogleValues, ctx: z.RefinementCtx) {
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET or neither' });
  }
  // An issuer over plain http is for a provider on this machine (tests); in production the tokens travel over TLS.
  if (e.NODE_ENV === 'production' && e.GOOGLE_CLIENT_ID && !e.GOOGLE_ISSUER_URL.startsWith('https:')) {
    ctx.addIssue({ code: 'custom', path: ['GOOGLE_ISSUER_URL'], message: 'GOOGLE_ISSUER_URL must be https in production' });
  }
}
