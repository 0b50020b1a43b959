/** Business constants and limits (specification section 9). */
export const TAG_CODE_LENGTH = 8;
/**
 * A tag code (TAG-02): TAG_CODE_LENGTH letters and digits, in any case as typed; codes are minted and
 * stored in upper case, so match `code.trim().toUpperCase()` when the input is a person's.
 */
export const TAG_CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${TAG_CODE_LENGTH}}$`);
export const UNIT_NAME_MAX = 15;
export const ACCOUNT_NAME_MAX = 50;
export const MEMBERS_PER_UNIT = 3;
export const MEMBERS_PER_TAG = 3;
/** TAG-11: invitations an account may send per rate-limit window (each one mails a stranger's address). */
export const INVITATIONS_PER_WINDOW = 10;
export const UNITS_PER_CONDO_MAX = 10;
export const PASSWORD_MIN = 6;
export const PHONE_MIN = 10;
export const CPF_MIN = 11;

export const REQUEST_SPACING_MS = 1000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_DRAG_PERCENT = 0.8;
export const CAROUSEL_MS = 5000;
export const BANNER_MS = 10_000;
export const MARQUEE_SPEED = 216;
export const CONTACT_CLOSE_MS = 80;
export const TITLE_BLINK_MS = 1000;
export const LIST_REFRESH_MS = 3000;
export const CALL_DATA_REMOVAL_MS = 3000;
export const BREADCRUMB_BREAKPOINT_PX = 768;
export const MAP_ZOOM = 12;
export const MAP_HEIGHT_PX = 650;

/**
 * SEC-07 / LEG-01: how long a call keeps the finder's location, and the finder's IP address (the
 * Marco Civil's access record, art. 15: at least six months). The privacy policy states both; the
 * server's defaults (FINDER_DATA_RETENTION_DAYS, FINDER_IP_RETENTION_DAYS) are these.
 */
/** One day in milliseconds: the unit of every retention, plan and reminder period below and in the server. */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const FINDER_LOCATION_RETENTION_DAYS = 90;
export const FINDER_IP_RETENTION_DAYS = 184;

/**
 * CONDO-15 / CONDO-16 / LEG-01: the door's records once they have served. A package's photo goes 30
 * days after its notice (the package is long collected); the notice itself after the IP's six months
 * (the unit's recent history of who delivered what); a visitor pass 30 days after its window ended or
 * it was revoked. The privacy policy states the three; the purge (modules/door/retention.ts) applies them.
 */
export const DELIVERY_PHOTO_RETENTION_DAYS = 30;
export const DELIVERY_RETENTION_DAYS = 184;
export const VISITOR_PASS_RETENTION_DAYS = 30;
/**
 * CONDO-18 / LEG-01: a gate opening (who, unit, when, result) stays in the building's log as long as a
 * delivery notice does — the unit's recent history of who came in — and is then deleted by the same purge.
 */
export const GATE_OPENING_RETENTION_DAYS = 184;

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODE_LENGTH = 6;

/** Alphabet of minted tag codes: no look-alikes (0/O, 1/I/L). */
export const TAG_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** localStorage / sessionStorage keys. */
export const storageKeys = {
  authToken: 'authToken',
  unitOwnerPrefix: 'unit_owner_',
  callData: 'callData',
} as const;

export const productTypes = {
  1: 'Pulseira',
  2: 'Campainha',
  3: 'Pet',
  4: 'Objeto',
  5: 'Condomínio',
} as const;
export type ProductId = keyof typeof productTypes;
export const PRODUCT_IDS = [1, 2, 3, 4, 5] as const;
/** The condominium plate: the one product whose tag rings a chosen unit's residents, not an owner. */
export const CONDOMINIUM_PRODUCT_ID = 5;
/** FIND-11: the wristband, worn by a person: the one product with a medical card and the emergency numbers. */
export const WRISTBAND_PRODUCT_ID = 1;
export const UNKNOWN_PRODUCT = 'Desconhecido';

export function productLabel(id: number): string {
  return (productTypes as Record<number, string>)[id] ?? UNKNOWN_PRODUCT;
}

const productImages: Record<number, string> = {
  1: '/images/tags/pulseira.svg',
  2: '/images/tags/campainha.svg',
  3: '/images/tags/coleira.svg',
  4: '/images/tags/objeto.svg',
  5: '/images/tags/campainha.svg',
};
/** The illustration of a product type (the API's `image_url`), served by the web app. */
export function productImage(id: number): string {
  return productImages[id] ?? '/images/tags/familia.svg';
}
