import { describe, expect, it } from 'vitest';
import { company, digitsOnly, phoneHref, storeConfig } from './config';

describe('site configuration', () => {
  it('[PUB-14] builds tel: links with the Brazilian country code', () => {
    expect(phoneHref('(31) 3500-0000')).toBe('tel:+553135000000');
    expect(phoneHref('+55 31 99999-0000')).toBe('tel:+5531999990000');
    expect(digitsOnly('+55 (31) 9')).toBe('55319');
  });
  it('[PUB-09] has a default for every store link and the contact data', () => {
    for (const url of Object.values(storeConfig)) expect(url).toMatch(/^https:\/\//);
    expect(company.email).toContain('@');
    expect(company.legalName.length).toBeGreaterThan(0);
  });
});
