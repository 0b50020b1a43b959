import proxyAddr from '@fastify/proxy-addr';

/**
 * Whether a connection comes straight from one of the proxies TRUST_PROXY names — the rule Fastify
 * applies before it believes X-Forwarded-For (its own `getTrustProxyFn`, with the same library): `true`
 * trusts every peer, `false` none, otherwise a comma-separated list of addresses, ranges and the
 * names `loopback`, `linklocal`, `uniquelocal`. Only such a peer may tell the app what it verified
 * (SEC-10: the Pix webhook's mutual TLS, X-Client-Verify).
 */
export function trustedPeer(trustProxy: boolean | string): (address: string | undefined) => boolean {
  if (typeof trustProxy === 'boolean') return () => trustProxy;
  const trusted = proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (address) => address !== undefined && trusted(address, 0);
}
