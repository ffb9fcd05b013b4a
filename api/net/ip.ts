/**
 * IP address parsing and classification for the SSRF guard: addresses become 16-byte arrays (IPv4
 * as IPv4-mapped IPv6), so one CIDR matcher covers both families and every IPv6 form that embeds an
 * IPv4 address (mapped, compatible, NAT64, 6to4) is judged by the IPv4 address inside it.
 */
import { isIP } from 'node:net';

export type IpBytes = Uint8Array;

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

/** 16 bytes for an IPv4 or IPv6 literal (brackets and zone ids allowed), or null. */
export function parseIp(input: string): IpBytes | null {
  let text = input.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const family = isIP(text);
  if (family === 4) {
    const v4 = parseIpv4(text)!;
    return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4]);
  }
  if (family !== 6) return null;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    // A trailing dotted quad (`::ffff:10.0.0.1`) becomes its two hex groups.
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (!v4) return null;
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex(v4[0], v4[1])}:${hex(v4[2], v4[3])}`;
  }
  const [head, rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest !== undefined && rest !== '' ? rest.split(':') : [];
  let groups: number[];
  if (rest === undefined) groups = headGroups.map((g) => parseInt(g, 16));
  else {
    const missing = 8 - headGroups.length - restGroups.length;
    groups = [
      ...headGroups.map((g) => parseInt(g, 16)),
      ...Array(Math.max(0, missing)).fill(0),
      ...restGroups.map((g) => parseInt(g, 16)),
    ];
  }
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

export interface Cidr {
  bytes: IpBytes;
  /** Prefix length over the 128-bit form (an IPv4 /8 is /104 here). */
  prefix: number;
}

/** `10.0.0.0/8`, `fe80::/10`, or a bare address (a /32 or /128). */
export function parseCidr(text: string): Cidr | null {
  const [addr, len] = text.trim().split('/');
  const bytes = parseIp(addr);
  if (!bytes) return null;
  const v4 = isIP(addr.replace(/^\[|\]$/g, '')) === 4;
  const max = v4 ? 32 : 128;
  const n = len === undefined ? max : /^\d{1,3}$/.test(len) ? Number(len) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > max) return null;
  return { bytes, prefix: v4 ? n + 96 : n };
}

export function inCidr(ip: IpBytes, cidr: Cidr): boolean {
  let bits = cidr.prefix;
  for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((ip[i] & mask) !== (cidr.bytes[i] & mask)) return false;
  }
  return true;
}

const cidr = (text: string) => parseCidr(text)!;

/** Ranges that never belong to a public web server (IANA special-purpose registries). */
const BLOCKED_V4: Array<[Cidr, string]> = [
  [cidr('0.0.0.0/8'), 'unspecified'],
  [cidr('10.0.0.0/8'), 'private'],
  [cidr('100.64.0.0/10'), 'carrier-grade NAT'],
  [cidr('127.0.0.0/8'), 'loopback'],
  [cidr('169.254.0.0/16'), 'link-local'],
  [cidr('172.16.0.0/12'), 'private'],
  [cidr('192.0.0.0/24'), 'reserved'],
  [cidr('192.0.2.0/24'), 'documentation'],
  [cidr('192.168.0.0/16'), 'private'],
  [cidr('198.18.0.0/15'), 'benchmarking'],
  [cidr('198.51.100.0/24'), 'documentation'],
  [cidr('203.0.113.0/24'), 'documentation'],
  [cidr('224.0.0.0/4'), 'multicast'],
  [cidr('240.0.0.0/4'), 'reserved'],
];

const BLOCKED_V6: Array<[Cidr, string]> = [
  [cidr('::/128'), 'unspecified'],
  [cidr('::1/128'), 'loopback'],
  [cidr('fe80::/10'), 'link-local'],
  [cidr('fec0::/10'), 'site-local'],
  [cidr('fc00::/7'), 'private (unique local)'],
  [cidr('ff00::/8'), 'multicast'],
  [cidr('100::/64'), 'discard'],
  [cidr('2001:db8::/32'), 'documentation'],
];

/** IPv6 forms that carry an IPv4 address: [range, offset of the 4 bytes]. */
const EMBEDDING_V4: Array<[Cidr, number]> = [
  [cidr('::ffff:0:0/96'), 12], // IPv4-mapped
  [cidr('::/96'), 12], // IPv4-compatible (deprecated)
  [cidr('64:ff9b::/96'), 12], // NAT64
  [cidr('64:ff9b:1::/48'), 12], // local-use NAT64
  [cidr('2002::/16'), 2], // 6to4
];

/** The IPv4 address inside an IPv6 one, as 16 mapped bytes; null when none is embedded. */
export function embeddedIpv4(ip: IpBytes): IpBytes | null {
  for (const [range, offset] of EMBEDDING_V4) {
    if (inCidr(ip, range)) {
      const v4 = ip.slice(offset, offset + 4);
      return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4]);
    }
  }
  return null;
}

const isMapped = (ip: IpBytes) => inCidr(ip, EMBEDDING_V4[0][0]);

/** Why an address must not be contacted (e.g. 'loopback'), or null for a public address. */
export function nonPublicReason(ip: IpBytes): string | null {
  if (isMapped(ip)) {
    for (const [range, reason] of BLOCKED_V4) if (inCidr(ip, range)) return reason;
    if (ip[12] === 255 && ip[13] === 255 && ip[14] === 255 && ip[15] === 255) return 'broadcast';
    return null;
  }
  // `::` and `::1` sit inside the IPv4-compatible range, so they are judged before unwrapping.
  for (const [range, reason] of BLOCKED_V6) if (inCidr(ip, range)) return reason;
  const inner = embeddedIpv4(ip);
  if (inner) return nonPublicReason(inner);
  return null;
}

export function formatIp(ip: IpBytes): string {
  if (isMapped(ip)) return `${ip[12]}.${ip[13]}.${ip[14]}.${ip[15]}`;
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip[i] << 8) | ip[i + 1]).toString(16));
  return groups.join(':');
}
