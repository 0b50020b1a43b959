import { describe, expect, test } from 'vitest';
import { retryAfterSeconds, tooManyAttemptsMessage } from './messages';

describe('the rate-limit message', () => {
  test('[ACC-04] minutes from Retry-After seconds: rounded up, at least 1, singular for 1', () => {
    expect(tooManyAttemptsMessage(120)).toBe('Muitas tentativas. Tente novamente em 2 minutos.');
    expect(tooManyAttemptsMessage(121)).toBe('Muitas tentativas. Tente novamente em 3 minutos.');
    expect(tooManyAttemptsMessage(60)).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    expect(tooManyAttemptsMessage(1)).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    expect(tooManyAttemptsMessage(0)).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
    expect(tooManyAttemptsMessage(900)).toBe('Muitas tentativas. Tente novamente em 15 minutos.');
  });

  test('[ACC-04] with no readable wait, the general text (never the credentials failure)', () => {
    expect(tooManyAttemptsMessage(undefined)).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
    expect(tooManyAttemptsMessage(Number.NaN)).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
  });

  test('[ACC-04] Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds(' 45 ', now)).toBe(45);
    expect(retryAfterSeconds('Mon, 02 Mar 2026 10:03:00 GMT', now)).toBe(180);
    expect(retryAfterSeconds('Mon, 02 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('', now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds('-5', now)).toBeUndefined();
  });
});
