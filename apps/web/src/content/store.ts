import { ui } from '@toque/contracts/ui';
import { storeConfig } from './config';

/**
 * External online store (PUB-09): the links come from configuration (config.ts); every buy button
 * opens them in a new tab with rel="noopener noreferrer".
 */
export const storeLinks = storeConfig;

export const buyLabel = ui.site.buy.now;
