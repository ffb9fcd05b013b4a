/**
 * API key strings: `ip_live_…` or `ip_test_…` (the provider mode the key was made for) followed by
 * 40 base62 characters (~238 random bits). Only a SHA-256 hash is stored: a key has too much
 * entropy to guess, so a fast hash is enough, and it makes the lookup one indexed read. Lists show
 * the prefix (`ip_test_a1b2c3`), never the key.
 *
 * @example const { key, prefix, hash } = newApiKey('test'); // key 'ip_test_3fZ…' shown once
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context.ts';

export type KeyMode = 'live' | 'test';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;
/** Characters of the secret part kept in the displayed prefix. */
const SHOWN = 6;

export const looksLikeApiKey = (token: string) =>
  token.startsWith('ip_live_') || token.startsWith('ip_test_');

/** Uniform base62 characters (bytes ≥ 248 are dropped so every character is equally likely). */
function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newApiKey(mode: KeyMode): { key: string; prefix: string; hash: string } {
  const key = `ip_${mode}_${base62(SECRET_LENGTH)}`;
  return { key, prefix: key.slice(0, `ip_${mode}_`.length + SHOWN), hash: hashApiKey(key) };
}

/** The mode keys are made for and accepted in: live only with a live Stripe secret key. */
export function serverKeyMode(deps: Pick<AppDeps, 'config' | 'payments'>): KeyMode {
  return deps.payments.mode === 'stripe' && /^(sk|rk)_live_/.test(deps.config.stripe.secretKey ?? '')
    ? 'live'
    : 'test';
}
