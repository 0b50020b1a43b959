import type { PublicTag } from '@toque/contracts/calls';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';

/** A condominium plate as the finder's page receives it (two reachable units), for component tests. */
export function plateTag(overrides: Partial<PublicTag> = {}): PublicTag {
  return {
    code: 'PLACA234',
    state: 'active',
    product_id: CONDOMINIUM_PRODUCT_ID,
    type: 'Condomínio',
    name: 'Edifício Ipê',
    owner_first_name: '',
    units: [
      { unit_id: 11, name: 'Apto 101', block: null, reachable: true },
      { unit_id: 12, name: 'Apto 102', block: null, reachable: true },
    ],
    ...overrides,
  };
}
