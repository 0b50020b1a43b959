import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { Values } from './area';
import { list } from './area';

/**
 * CONDO-18: the networks a gate controller may sit on besides the public Internet
 * (docs/decisions/0053). The server never calls loopback, private, link-local (cloud metadata) or
 * reserved addresses for a síndico's gate — unless the operator names the network here: a server on
 * the building's LAN, or joined to it by a VPN, lists it ('10.8.0.0/16'); the tests list 127.0.0.1/32.
 * Inside such a network a webhook may also be plain http://.
 */
export const gateVariables = {
  GATE_ALLOWED_NETWORKS: z
    .string()
    .refine(
      (value) => list(value).every((cidr) => ipaddr.isValidCIDR(cidr)),
      'must be a comma-separated list of CIDR ranges (e.g. 10.8.0.0/16,127.0.0.1/32)',
    )
    .optional(),
};

export function gateConfig(e: Values<typeof gateVariables>) {
  return { gate: { allowedNetworks: list(e.GATE_ALLOWED_NETWORKS) } };
}
