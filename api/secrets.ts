/**
 * Secrets the server needs at run time. In production they come from the environment (config
 * refuses to start without them: api/config-production.ts), and are never generated. In
 * development a random secret is generated once and kept beside the database
 * (data/dev-secrets.json, mode 0600), so sessions survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Config } from './config.ts';

export function resolveSecrets(config: Readonly<Config>, file = 'data/dev-secrets.json'): Readonly<Config> {
  if (config.jwtSecret && config.encryptionKey) return config;
  if (config.nodeEnv === 'production')
    throw new Error('JWT_SECRET and ENCRYPTION_KEY are never generated in production');
  const path = resolve(file);
  let stored: { jwtSecret?: string; encryptionKey?: string } = {};
  if (existsSync(path)) stored = JSON.parse(readFileSync(path, 'utf8'));
  const next = {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret ?? randomBytes(32).toString('base64url'),
    encryptionKey: config.encryptionKey ?? stored.encryptionKey ?? randomBytes(32).toString('base64url'),
  };
  if (next.jwtSecret !== stored.jwtSecret || next.encryptionKey !== stored.encryptionKey) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  return Object.freeze({ ...config, ...next });
}
