/**
 * Password hashing: OWASP scrypt parameters by default, hashes that carry their parameters, upgrade
 * on sign-in, refusal of malformed or absurd stored hashes.
 */
import { describe, expect, it } from 'vitest';
import { OWASP_SCRYPT, PasswordHasher } from '../../api/auth/password.ts';

const cheap = new PasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

describe('PasswordHasher', () => {
  it('defaults to OWASP parameters (N=2^17, r=8, p=1) and really hashes at that cost', async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const owasp = new PasswordHasher();
    const hash = await owasp.hash('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await owasp.verify('correct horse', hash)).toBe(true);
  });

  it('verifies the right password only, with a fresh salt per hash', async () => {
    const a = await cheap.hash('hunter22');
    const b = await cheap.hash('hunter22');
    expect(a).not.toBe(b);
    expect(await cheap.verify('hunter22', a)).toBe(true);
    expect(await cheap.verify('hunter23', a)).toBe(false);
    expect(await cheap.verify('', a)).toBe(false);
  });

  it('normalises Unicode so the same password typed on another keyboard matches', async () => {
    const hash = await cheap.hash('caf\u00e9-pass');
    expect(await cheap.verify('cafe\u0301-pass', hash)).toBe(true);
  });

  it('verifies hashes made with other parameters and asks to upgrade weaker ones', async () => {
    const old = await cheap.hash('hunter22');
    const strong = new PasswordHasher({ N: 2 ** 11, r: 8, p: 1 });
    expect(await strong.verify('hunter22', old)).toBe(true);
    expect(strong.needsRehash(old)).toBe(true);
    expect(strong.needsRehash(await strong.hash('x'))).toBe(false);
  });

  it('refuses malformed hashes and parameters that would exhaust memory', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$x',
      'scrypt$abc$8$1$AA$AA',
      'scrypt$4194304$8$1$AAAA$AAAA',
      'scrypt$1024$8$1$AAAA',
    ]) {
      expect(await cheap.verify('x', stored)).toBe(false);
    }
  });

  it('spends a real verification on unknown accounts', async () => {
    expect(await cheap.verifyDummy('anything')).toBe(false);
  });
});
