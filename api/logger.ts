/**
 * Structured JSON logs (pino). Secrets, tokens, passwords and card data are redacted by key
 * wherever they appear; request logs carry the path but never the query string or bodies.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

const REDACT = [
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'secret',
  'clientSecret',
  'client_secret',
  'cardNumber',
  'number',
  'cvc',
  'cvv',
].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined }, destination);
}
