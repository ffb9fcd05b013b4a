/**
 * Password hashing with Node's scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1: about
 * 128 MiB and a few hundred ms per hash, by design). Hashes carry their parameters
 * (`scrypt$N$r$p$salt$hash`), so a hasher built with other parameters still verifies old hashes and
 * `needsRehash` upgrades them at the next sign-in. Hashing runs at most `concurrency` at a time so a
 * burst of sign-ins cannot take the server's memory (each hash holds 128 MiB while it runs).
 *
 * @example const hasher = new PasswordHasher(); const h = await hasher.hash('s3cret!'); await hasher.verify('s3cret!', h) // true
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashing } from '../ports/password-hashing.ts';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet, scrypt: N=2^17, r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Longest password accepted: long enough for any passphrase, short enough to bound the work. */
export const MAX_PASSWORD_LENGTH = 1024;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 128 * params.N * params.r * 2 + 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export class PasswordHasher implements PasswordHashing {
  readonly params: ScryptParams;
  readonly #concurrency: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  #dummy: Promise<string> | null = null;

  constructor(params: ScryptParams = OWASP_SCRYPT, concurrency = 2) {
    if (!Number.isInteger(Math.log2(params.N)) || params.N < 2)
      throw new Error('scrypt N must be a power of two');
    this.params = params;
    this.#concurrency = concurrency;
  }

  async #limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.#limited(() => scryptAsync(password, salt, this.params));
    const { N, r, p } = this.params;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [N, r, p] = parts.slice(1, 4).map(Number);
    if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16)
      return false;
    const salt = Buffer.from(parts[4], 'base64url');
    const expected = Buffer.from(parts[5], 'base64url');
    const actual = await this.#limited(() => scryptAsync(password, salt, { N, r, p }));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Spend the same time as a real check, for unknown emails (no timing oracle for registration). */
  async verifyDummy(password: string): Promise<false> {
    this.#dummy ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(password, await this.#dummy);
    return false;
  }

  needsRehash(stored: string): boolean {
    const [, N, r, p] = stored.split('$').map(Number);
    return N < this.params.N || r < this.params.r || p < this.params.p;
  }
}
