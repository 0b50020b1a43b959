import { z } from 'zod';

/** What an area's variables parse to: its function turns them into its part of the Config. */
export type Values<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

/** A comma-separated list, blanks dropped. */
export function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A URL of one of these schemes (OPS-02: a typo stops the start, naming the variable). */
export function urlOf(protocols: string[], expected: string) {
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${expected}`);
}

/** A positive whole number (counts, milliseconds, seconds) with its default. */
export const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
