/**
 * SSRF guard for URLs that admins set (automation webhooks): only http(s), and never an address that
 * is private, loopback, link-local, unspecified, CGNAT, multicast or reserved — in any spelling,
 * including IPv4-mapped/compatible, NAT64 and 6to4 IPv6 — unless OUTBOUND_ALLOWLIST (host names, IP
 * addresses or CIDRs) names it. Names are resolved with the injected resolver and every address
 * must pass (one bad answer refuses the URL). `guardedLookup` applies the same rule again when the
 * socket connects, so a name that changes its answer after the check (DNS rebinding) is still refused.
 *
 * @example await assertOutboundUrlAllowed('https://hook.eu1.make.com/abc', { resolve: deps.resolveHost, allowlist: config.outboundAllowlist });
 */
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { formatIp, inCidr, nonPublicReason, parseCidr, parseIp, type Cidr } from './ip.ts';
import { systemResolveHost, type ResolveHost } from './resolve.ts';

export class OutboundUrlError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundUrlError';
  }
}

export interface OutboundPolicy {
  resolve: ResolveHost;
  /** Host names (exact, case-insensitive), IP addresses or CIDRs that may be contacted anyway. */
  allowlist: readonly string[];
}

interface ParsedAllowlist {
  hosts: Set<string>;
  cidrs: Cidr[];
}

function parseAllowlist(list: readonly string[]): ParsedAllowlist {
  const hosts = new Set<string>();
  const cidrs: Cidr[] = [];
  for (const raw of list) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const range = parseCidr(entry);
    if (range) cidrs.push(range);
    else hosts.add(entry.replace(/\.$/, ''));
  }
  return { hosts, cidrs };
}

/** Null when the address may be contacted; otherwise why not. */
function refusal(address: string, allow: ParsedAllowlist): string | null {
  const ip = parseIp(address);
  if (!ip) return `"${address}" is not an IP address`;
  if (allow.cidrs.some((c) => inCidr(ip, c))) return null;
  const reason = nonPublicReason(ip);
  return reason ? `${formatIp(ip)} is a ${reason} address` : null;
}

/**
 * Throws `OutboundUrlError` (with a message an admin can act on) unless `url` may be contacted.
 * Returns the parsed URL and the addresses it resolved to (none when the host is allowlisted by name).
 */
export async function assertOutboundUrlAllowed(
  url: string,
  policy: OutboundPolicy,
): Promise<{ url: URL; addresses: string[] }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundUrlError('Webhook URL must be a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OutboundUrlError('Webhook URL must start with http:// or https://');
  if (parsed.username || parsed.password)
    throw new OutboundUrlError('Webhook URL must not contain a user name or password');
  const allow = parseAllowlist(policy.allowlist);
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (allow.hosts.has(host)) return { url: parsed, addresses: [] };
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (parseIp(literal)) {
    const why = refusal(literal, allow);
    if (why) throw new OutboundUrlError(`Webhook URL is not allowed: ${why}`);
    return { url: parsed, addresses: [literal] };
  }
  let answers: Awaited<ReturnType<ResolveHost>>;
  try {
    answers = await policy.resolve(host);
  } catch (err) {
    throw new OutboundUrlError(
      `Webhook URL host ${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      { cause: err },
    );
  }
  if (answers.length === 0) throw new OutboundUrlError(`Webhook URL host ${host} has no addresses`);
  for (const a of answers) {
    const why = refusal(a.address, allow);
    if (why)
      throw new OutboundUrlError(
        `Webhook URL is not allowed: ${host} resolves to ${why.replace(/^\S+ is /, '')} (${a.address})`,
      );
  }
  return { url: parsed, addresses: answers.map((a) => a.address) };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that resolves with the injected resolver and refuses (ECONNREFUSED
 * style error) when any answer is not allowed — the check happens on the addresses actually dialled.
 */
export function guardedLookup(policy: OutboundPolicy) {
  const allow = parseAllowlist(policy.allowlist);
  return (
    hostname: string,
    options: LookupOneOptions & { all?: boolean },
    callback: LookupCallback,
  ): void => {
    policy
      .resolve(hostname)
      .then((answers) => {
        const host = hostname.toLowerCase();
        const allowedByName = allow.hosts.has(host);
        const bad = allowedByName ? null : answers.map((a) => refusal(a.address, allow)).find(Boolean);
        if (bad || answers.length === 0) {
          const err: NodeJS.ErrnoException = new OutboundUrlError(
            `Refused to connect to ${hostname}: ${bad ?? 'no addresses'}`,
          );
          err.code = 'EOUTBOUNDREFUSED';
          return callback(err, '');
        }
        const family = options?.family === 4 || options?.family === 6 ? options.family : 0;
        const usable = answers.filter((a) => !family || a.family === family);
        if (usable.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`No IPv${family} address for ${hostname}`);
          err.code = 'ENOTFOUND';
          return callback(err, '');
        }
        if (options?.all)
          callback(
            null,
            usable.map((a) => ({ address: a.address, family: a.family })),
          );
        else callback(null, usable[0].address, usable[0].family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, ''));
  };
}

/** The policy of a running app: its resolver (system DNS when none is injected) and OUTBOUND_ALLOWLIST. */
export function outboundPolicyOf(deps: {
  resolveHost?: ResolveHost;
  config: { outboundAllowlist: readonly string[] };
}): OutboundPolicy {
  return { resolve: deps.resolveHost ?? systemResolveHost, allowlist: deps.config.outboundAllowlist };
}
