/**
 * Secrets at rest (OAuth tokens, webhook signing secrets): AES-256-GCM with a key derived (HKDF) from
 * ENCRYPTION_KEY, a random 96-bit IV per value, and the row and column as associated data, so a
 * ciphertext copied into another merchant's row or another column does not decrypt.
 *
 * @example const enc = sealSecret(config, token, `accounting:${merchantId}:access`); openSecret(config, enc, `accounting:${merchantId}:access`);
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from './config.ts';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

function keyFor(config: Pick<Config, 'encryptionKey'>): Buffer {
  const secret = config.encryptionKey;
  if (!secret) throw new Error('ENCRYPTION_KEY is not configured');
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'invoicepay', 'secrets at rest v1', 32));
    keys.set(secret, key);
  }
  return key;
}

export function sealSecret(
  config: Pick<Config, 'encryptionKey'>,
  plaintext: string,
  context: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(config), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** Throws when the value was not sealed with this key and context (tampered, moved or wrong key). */
export function openSecret(config: Pick<Config, 'encryptionKey'>, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(config), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
