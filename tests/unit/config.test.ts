/**
 * Configuration: defaults, validation, and a bad value stopping start-up with one clear line and a
 * non-zero exit (no stack trace).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from '../../api/config.ts';

describe('config', () => {
  it('has embedded defaults: SQLite file, sandbox payments, port 8787, 1.25 % platform fee', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8787);
    expect(c.databaseUrl).toBe('sqlite:data/app.db');
    expect(c.paymentsProvider).toBe('sandbox');
    expect(c.platformFeeBps).toBe(125);
    expect(c.productName).toBe('InvoicePay');
    expect(c.publicBaseUrl).toBe('http://localhost:8787');
    expect(Object.isFrozen(c)).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be an integer between 0 and 65535 \(got "abc"\)$/],
    [
      { DATABASE_URL: 'foo://x' },
      /^Invalid configuration: DATABASE_URL must be sqlite:PATH or a postgres:\/\/ URL/,
    ],
    [{ PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL must be an http\(s\) URL/],
    [{ PLATFORM_FEE_BPS: '-1' }, /PLATFORM_FEE_BPS/],
    [{ STRIPE_SECRET_KEY: 'nope' }, /STRIPE_SECRET_KEY must start with sk_test_/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ PAYMENTS_PROVIDER: 'stripe' }, /STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('chooses stripe when a secret key is given, and never exposes secrets to the browser', () => {
    const c = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      JWT_SECRET: 'x'.repeat(32),
      DATABASE_URL: 'postgres://u:p@localhost/db',
    });
    expect(c.paymentsProvider).toBe('stripe');
    const browser = JSON.stringify(publicConfig(c));
    expect(browser).toContain('pk_test_abc');
    expect(browser).not.toContain('sk_test_abc');
    expect(browser).not.toContain('postgres');
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'foo://x'],
  ])(
    'stops the server on %s=%s with one line and exit code 1',
    (name, value) => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
        env: { PATH: process.env.PATH, [name]: value },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
      expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    },
    30_000,
  ); // starts the real server through tsx: a second alone, several on a loaded machine

  it('takes WORKERS on PostgreSQL and refuses more than one on SQLite, in one line', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://u:p@db:5432/x' }).workers).toBe(4);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      /^Invalid configuration: WORKERS=2 needs PostgreSQL \(DATABASE_URL=postgres:\/\/…\); SQLite is the one-process set-up, use WORKERS=1$/,
    );
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS must be an integer between 1 and 64/);
  });
});
