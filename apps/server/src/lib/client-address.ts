import ipaddr from 'ipaddr.js';

/**
 * The client the rate limits count (SEC-05): an IPv4 address as it is, an IPv6 address by its /64
 * prefix — a subscriber is given a whole /64 and may use any of its 2^64 addresses, so counting
 * single IPv6 addresses would give one client a fresh budget per address. An IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`, what a dual-stack socket reports) is its IPv4 address.
 * Anything that is not an IP address (a Unix socket's empty address) is returned as it is.
 */
export function clientKey(address: string): string {
  const bare = address.trim().replace(/%.*$/, ''); // an IPv6 zone (`fe80::1%eth0`) is not part of the client
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
