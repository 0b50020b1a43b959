import { describe, expect, it } from 'vitest';
import { callMsg } from '@toque/contracts/messages';
import { unitCode, unitDisplayName, unitEditableName, unitOwnerStorage } from './unit-display';

describe('unit display', () => {
  it('[CONDO-03] the name is before the dash and the association code after it', () => {
    expect(unitDisplayName('Apto 101-AB23CD45')).toBe('Apto 101');
    expect(unitCode('Apto 101-AB23CD45')).toBe('AB23CD45');
    // A dash inside the name belongs to the name: the code is after the last one.
    expect(unitDisplayName('Bloco A-12-AB23CD45')).toBe('Bloco A-12');
  });

  it('[CONDO-03] a unit named undefined shows as temporary, and its edit field starts empty', () => {
    expect(unitDisplayName('undefined-AB23CD45')).toBe(callMsg.temporaryUnit);
    expect(unitEditableName('undefined-AB23CD45')).toBe('');
    expect(unitCode('undefined-AB23CD45')).toBe('AB23CD45');
  });

  it('[CONDO-05] the unit owner info is kept under unit_owner_{unitId} and read back', () => {
    const unit = {
      unit_id: 7,
      unit_number: 'Apto 7-AB23CD45',
      condominium_name: 'Residencial Ipê',
      residents: [{ user: { first_name: 'Ana', user_id: 'u1' }, member_id: 3 }],
      block: 'Bloco A',
      invitations: [],
    };
    unitOwnerStorage.save(unit);
    expect(JSON.parse(window.localStorage.getItem('unit_owner_7')!)).toEqual(unit);
    expect(unitOwnerStorage.read(7)).toEqual(unit);
    expect(unitOwnerStorage.read('7')).toEqual(unit);
    window.localStorage.setItem('unit_owner_8', '{not json');
    expect(unitOwnerStorage.read(8)).toBeNull();
    expect(unitOwnerStorage.read(9)).toBeNull();
  });
});
