import { describe, expect, test } from 'vitest';
import { clientKey } from './client-address';

describe('clientKey', () => {
  test('[SEC-05] an IPv4 address is its own key', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
    expect(clientKey('198.51.100.7')).not.toBe(clientKey('198.51.100.8'));
  });

  test('[SEC-05] every address of one IPv6 /64 has the same key, whatever its notation', () => {
    const key = clientKey('2001:db8:abcd:12::1');
    expect(key).toBe('2001:db8:abcd:12::/64');
    for (const other of [
      '2001:db8:abcd:12:ffff:ffff:ffff:ffff',
      '2001:0DB8:ABCD:0012:0000:0000:0000:0002',
      '2001:db8:abcd:12:1234:5678:9abc:def0',
      '2001:db8:abcd:12::1%eth0',
    ]) {
      expect(clientKey(other)).toBe(key);
    }
  });

  test('[SEC-05] addresses of different /64 prefixes have different keys', () => {
    expect(clientKey('2001:db8:abcd:13::1')).not.toBe(clientKey('2001:db8:abcd:12::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  test('[SEC-05] an IPv4-mapped IPv6 address counts as its IPv4 address', () => {
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  test('[SEC-05] something that is not an address is kept as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-address')).toBe('not-an-address');
  });
});
