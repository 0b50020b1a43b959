import { describe, expect, test } from 'vitest';
import { doorFinderMessage, doorFinderText, doorMsg, PASS_QUERY as contractsPassQuery } from '@toque/contracts/door';
import { finderLangs } from '@toque/contracts/finder-text';
import { PASS_QUERY } from './island';

describe('the door on the finder page', () => {
  test("[CONDO-16] the island's pass parameter is the contracts' one (the island cannot import Zod)", () => {
    expect(PASS_QUERY).toBe(contractsPassQuery);
  });

  test('[CONDO-15] [CONDO-16] [FIND-03] every door text in pt-BR, en and es, none left in Portuguese by mistake', () => {
    for (const lang of finderLangs) {
      const t = doorFinderText[lang];
      expect(t.expected.length).toBeGreaterThan(0);
      expect(t.passHello('Ana')).toContain('Ana');
    }
    expect(doorFinderText['pt-BR'].expected).toBe('Você é esperado(a)');
    expect(doorFinderText.en.expected).not.toBe(doorFinderText['pt-BR'].expected);
    expect(doorFinderText.es.sendDelivery).not.toBe(doorFinderText['pt-BR'].sendDelivery);
    expect(doorFinderMessage('en', doorMsg.companyOtherRequired)).toBe('Enter the company name.');
    expect(doorFinderMessage('es', 'outra coisa')).toBeUndefined();
  });
});
