/**
 * CPF / CNPJ (ADM-08): stored as digits only and validated by their check digits, so a search for
 * '123.456.789-09' finds the client however the number was typed.
 */
export function cpfDigits(input: string): string {
  return input.replace(/\D/g, '');
}

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(input: string): boolean {
  const d = cpfDigits(input);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const n = [...d].map(Number);
  const first = checkDigit(n.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(n.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === n[9] && second === n[10];
}

export function isValidCnpj(input: string): boolean {
  const d = cpfDigits(input);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const n = [...d].map(Number);
  const first = checkDigit(n.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(n.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === n[12] && second === n[13];
}

export function isValidCpfOrCnpj(input: string): boolean {
  return isValidCpf(input) || isValidCnpj(input);
}

/** A valid CPF from 9 digits (tests and demo data make their own instead of copying real ones). */
export function cpfFromBase(base9: string): string {
  const n = [...cpfDigits(base9).padStart(9, '0').slice(-9)].map(Number);
  const first = checkDigit(n, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...n, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...n, first, second].join('');
}

/** '12345678909' → '123.456.789-09'; a CNPJ as '12.345.678/0001-95'; anything else as stored. */
export function formatCpfOrCnpj(digits: string): string {
  if (digits.length === 11) return digits.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  if (digits.length === 14) return digits.replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5');
  return digits;
}
