import { z } from 'zod';
import { authConfig, authVariables, checkAuth } from './config-areas/auth';
import { callsConfig, callsVariables } from './config-areas/calls';
import { databaseConfig, databaseVariables } from './config-areas/database';
import { checkFinder, finderConfig, finderVariables } from './config-areas/finder';
import { checkHttp, httpConfig, httpVariables } from './config-areas/http';
import { limitsConfig, limitsVariables } from './config-areas/limits';
import { mailConfig, mailVariables } from './config-areas/mail';
import { checkPush, pushConfig, pushVariables } from './config-areas/push';
import { checkTurn, turnConfig, turnVariables } from './config-areas/turn';
import { billingConfig, billingVariables, checkBilling } from './config-areas/billing';
import { photosConfig, photosVariables } from './config-areas/photos';
import { checkGoogle, googleConfig, googleVariables } from './config-areas/google';
import { mapConfig, mapVariables } from './config-areas/map';
import { gateConfig, gateVariables } from './config-areas/gate';

/**
 * The environment, one area at a time (config-areas/): each declares its variables and turns them
 * into its part of the Config; a check reads a few variables of another area (NODE_ENV, JWT_SECRET,
 * TRUST_PROXY).
 * Adding a variable touches its area only.
 */
const envSchema = z
  .object({
    ...httpVariables,
    ...databaseVariables,
    ...authVariables,
    ...mailVariables,
    ...limitsVariables,
    ...callsVariables,
    ...turnVariables,
    ...pushVariables,
    ...finderVariables,
    ...billingVariables,
    ...photosVariables,
    ...googleVariables,
    ...mapVariables,
    ...gateVariables,
  })
  .superRefine((env, ctx) => {
    checkTurn(env, ctx);
    checkPush(env, ctx);
    checkFinder(env, ctx);
    checkAuth(env, ctx);
    checkHttp(env, ctx);
    checkBilling(env, ctx);
    checkGoogle(env, ctx);
  })
  .transform((env) => ({
    ...httpConfig(env),
    ...databaseConfig(env),
    ...authConfig(env),
    ...mailConfig(env),
    ...limitsConfig(env),
    ...callsConfig(env),
    ...turnConfig(env),
    ...pushConfig(env),
    ...finderConfig(env),
    ...billingConfig(env),
    ...photosConfig(env),
    ...googleConfig(env),
    ...mapConfig(env),
    ...gateConfig(env),
  }));

export type Config = z.output<typeof envSchema>;

/** Every variable the server reads (`.env.example` documents each one: test/config-example). */
export const configVariables = Object.keys(envSchema.in.shape);

/** The only reader of process.env: validates once and returns a typed config. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as most tools treat it (`DATABASE_URL=` means PGlite).
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
