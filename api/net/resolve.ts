/**
 * Host name resolution, injected through `AppDeps.resolveHost` so that the SSRF guard can be tested
 * with names that map to any address without touching real DNS.
 */
import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo): every address the name has. */
export const systemResolveHost: ResolveHost = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * A resolver answering from a fixed table (tests, or pinning names); unknown names fail with
 * ENOTFOUND, so nothing is ever looked up on the network.
 *
 * @example staticResolveHost({ 'hooks.test': ['127.0.0.1'], localhost: ['127.0.0.1', '::1'] })
 */
export function staticResolveHost(table: Record<string, string[]>): ResolveHost {
  return async (hostname) => {
    const addresses = table[hostname.toLowerCase()];
    if (!addresses) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      err.code = 'ENOTFOUND';
      throw err;
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
