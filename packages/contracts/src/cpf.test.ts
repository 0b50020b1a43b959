import { describe, expect, test } from 'vitest';
import { cpfDigits, cpfFromBase, formatCpfOrCnpj, isValidCnpj, isValidCpf, isValidCpfOrCnpj } from './cpf';
import { registerBody } from './auth';
import { TERMS_VERSION } from './account';

describe('CPF and CNPJ (ADM-08)', () => {
  test('[ADM-08] CPF check digits: known valid numbers pass, one wrong digit or a repeated digit fails', () => {
    for (const valid of ['52998224725', '529.982.247-25', '111.444.777-35', '39053344705'])
      expect(isValidCpf(valid), valid).toBe(true);
    for (const invalid of [
      '52998224724',
      '52998224735',
      '11111111111',
      '00000000000',
      '1234567890',
      '123456789012',
      '',
    ]) {
      expect(isValidCpf(invalid), invalid).toBe(false);
    }
  });

  test('[ADM-08] CNPJ check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCpfOrCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfOrCnpj('529.982.247-25')).toBe(true);
  });

  test('[ADM-08] every CPF made from a base is valid, and formatting round-trips to the digits', () => {
    for (const base of ['000000001', '123456789', '987654321', '529982247']) {
      const cpf = cpfFromBase(base);
      expect(cpf).toMatch(/^\d{11}$/);
      expect(isValidCpf(cpf)).toBe(true);
      expect(cpfDigits(formatCpfOrCnpj(cpf))).toBe(cpf);
    }
    expect(cpfFromBase('529982247')).toBe('52998224725');
    expect(formatCpfOrCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfOrCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  test('[ADM-08] [AUTH-07] sign-up keeps only the digits and refuses wrong check digits with the catalogue message', () => {
    const base = {
      name: 'Ana',
      email: 'ana@exemplo.com.br',
      phone: '31988887777',
      password: 'segredo',
      termsVersion: TERMS_VERSION,
    };
    expect(registerBody.parse({ ...base, cpfOrCnpj: ' 529.982.247-25 ' }).cpfOrCnpj).toBe('52998224725');
    const wrong = registerBody.safeParse({ ...base, cpfOrCnpj: '529.982.247-26' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.message)).toEqual(['CPF ou CNPJ inválido']);
  });
});
