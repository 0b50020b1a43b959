import { billingSettings, DEFAULT_BILLING, type BillingSettings } from '@toque/contracts/billing';
import type { Db } from '../../db/client';
import { settingsRepository } from '../../db/repositories/settings';

/** FIN-06: the key the administrator's prices, annual months and trial are kept under. */
export const BILLING_KEY = 'billing';

/** The administrator's billing settings, or the site's list prices when none (or none valid) are stored. */
export async function loadBilling(db: Db): Promise<BillingSettings> {
  const stored = billingSettings.safeParse(await settingsRepository.get<unknown>(db, BILLING_KEY));
  return stored.success
    ? { ...DEFAULT_BILLING, ...stored.data, prices: { ...DEFAULT_BILLING.prices, ...stored.data.prices } }
    : DEFAULT_BILLING;
}
