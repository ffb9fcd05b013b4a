/**
 * Opaque secrets handed to browsers and mailboxes (refresh tokens, verification and reset links):
 * 32 random bytes, base64url. Only their SHA-256 is stored, so a database leak yields no usable token.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
