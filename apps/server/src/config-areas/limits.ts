import { RECORDING_LIMITS } from '@toque/contracts/recordings';
import type { Values } from './area';
import { positive } from './area';

/**
 * Rate limits (SEC-01, SEC-05): requests per window, counted per client address (an IPv4
 * address or an IPv6 /64) and, where it says so, per account. Tests and load runs may raise them.
 */
export const limitsVariables = {
  /** Login attempts per address. */
  RATE_LOGIN_PER_IP: positive(30),
  /** Failed logins per e-mail *from one address*: a stranger elsewhere cannot lock the owner out. */
  RATE_LOGIN_PER_EMAIL: positive(10),
  /** Reset codes asked per address (generate-code); reset-password takes three times as many. */
  RATE_CODE_PER_IP: positive(10),
  /** Reset codes asked per account, whatever the address; reset-password takes three times as many. */
  RATE_CODE_PER_ACCOUNT: positive(5),
  /** Accounts created (registration, onboarding) per address. */
  RATE_REGISTER_PER_IP: positive(10),
  /** Code claims (associate, onboarding) per address: the printed codes cannot be swept. */
  RATE_CLAIM_PER_IP: positive(30),
  /** ACC-03: data exports per account. */
  RATE_EXPORT_PER_ACCOUNT: positive(5),
  RATE_WINDOW_MS: positive(15 * 60 * 1000),
  /** The finder's public view of a tag, per address. */
  RATE_TAG_VIEW_PER_IP: positive(60),
  RATE_TAG_VIEW_WINDOW_MS: positive(60 * 1000),
  /** SEC-09: photo uploads (each one a decode) per account (the owner's) and per address (owners' and couriers'), per RATE_WINDOW_MS. */
  RATE_PHOTO_PER_ACCOUNT: positive(20),
  RATE_PHOTO_PER_IP: positive(30),
  /** FIND-12: a finder's recorded messages (each a parse and up to 6 MB stored) per call and per address, per RATE_WINDOW_MS. */
  RATE_RECORDING_PER_CALL: positive(RECORDING_LIMITS.perCall),
  RATE_RECORDING_PER_IP: positive(RECORDING_LIMITS.perAddress),
};

export function limitsConfig(e: Values<typeof limitsVariables>) {
  return {
    rateLimits: {
      loginPerIp: e.RATE_LOGIN_PER_IP,
      /** Failed logins per e-mail and address. */
      loginPerEmail: e.RATE_LOGIN_PER_EMAIL,
      codePerIp: e.RATE_CODE_PER_IP,
      codePerAccount: e.RATE_CODE_PER_ACCOUNT,
      registerPerIp: e.RATE_REGISTER_PER_IP,
      claimPerIp: e.RATE_CLAIM_PER_IP,
      exportPerAccount: e.RATE_EXPORT_PER_ACCOUNT,
      windowMs: e.RATE_WINDOW_MS,
      tagViewPerIp: e.RATE_TAG_VIEW_PER_IP,
      tagViewWindowMs: e.RATE_TAG_VIEW_WINDOW_MS,
      photoPerAccount: e.RATE_PHOTO_PER_ACCOUNT,
      photoPerIp: e.RATE_PHOTO_PER_IP,
      recordingPerCall: e.RATE_RECORDING_PER_CALL,
      recordingPerIp: e.RATE_RECORDING_PER_IP,
    },
  };
}
