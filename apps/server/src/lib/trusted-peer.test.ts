import { describe, expect, test } from 'vitest';
import { trustedPeer } from './trusted-peer';

describe('trustedPeer', () => {
  test('[SEC-10] [SEC-01] only the peers TRUST_PROXY names are trusted, as Fastify reads it', () => {
    const loopback = trustedPeer('loopback');
    expect(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'].map(loopback)).toEqual([true, true, true, true]);
    expect(['203.0.113.9', '10.0.0.1', undefined].map(loopback)).toEqual([false, false, false]);
    const one = trustedPeer('172.28.0.10, 10.1.0.0/16');
    expect(['172.28.0.10', '10.1.2.3', '::ffff:172.28.0.10'].map(one)).toEqual([true, true, true]);
    expect(['172.28.0.11', '127.0.0.1', '10.2.0.1'].map(one)).toEqual([false, false, false]);
    expect(trustedPeer(true)('203.0.113.9')).toBe(true);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
  });
});
