import { z } from 'zod';
import type { Values } from './area';
import { list, positive } from './area';

/** ICE (CALL-10): comma-separated URL lists; TURN credentials from coturn's shared secret. */
export const turnVariables = {
  STUN_URLS: z.string().default('stun:stun.l.google.com:19302'),
  TURN_URLS: z.string().optional(),
  TURN_SECRET: z.string().min(8).optional(),
  TURN_TTL_S: positive(3600),
};

type TurnValues = Values<typeof turnVariables>;

export function turnConfig(e: TurnValues) {
  return {
    ice: {
      stunUrls: list(e.STUN_URLS),
      turnUrls: list(e.TURN_URLS),
      turnSecret: e.TURN_SECRET,
      turnTtlS: e.TURN_TTL_S,
    },
  };
}

export function checkTurn(e: TurnValues, ctx: z.RefinementCtx) {
  if (list(e.TURN_URLS).length > 0 && !e.TURN_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'TURN_SECRET is required when TURN_URLS is set' });
  }
}
