import { normalizeName } from './text-input';

/** A unit's identity in its condominium: block and name, case, spacing and Unicode form (NFKC) aside. */
export function unitKey(block: string | null, name: string): string {
  const norm = (s: string) => normalizeName(s).trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
  return `${norm(block ?? '')}\u0000${norm(name)}`;
}
