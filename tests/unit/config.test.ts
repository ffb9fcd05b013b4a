/**
 * Configuration: defaults, validation, and a bad value stopping start-up with one clear line and a
 * non-zero exit (no stack trace).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadServerConfig, publicConfig } from '../../api/config.ts';

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

describe('production refuses unsafe settings (issue 48)', () => {
  const safe = {
    NODE_ENV: 'production',
    JWT_SECRET: 'j'.repeat(40),
    ENCRYPTION_KEY: 'e'.repeat(40),
    PUBLIC_BASE_URL: 'https://pay.example.com',
    SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  };

  it('starts with every setting given, and with capture or log mail chosen on purpose', () => {
    expect(loadServerConfig(safe).mailTransport).toBe('smtp');
    const { SMTP_URL: _, ...noSmtp } = safe;
    expect(loadServerConfig({ ...noSmtp, MAIL_TRANSPORT: 'capture' }).mailTransport).toBe('capture');
    expect(loadServerConfig({ ...noSmtp, MAIL_TRANSPORT: 'log' }).mailTransport).toBe('log');
    expect(loadServerConfig({ ...safe, PUBLIC_BASE_URL: 'http://127.0.0.1:8787' }).publicBaseUrl).toBe(
      'http://127.0.0.1:8787',
    );
  });

  it.each([
    ['JWT_SECRET', { JWT_SECRET: '' }, /^Refusing to start with NODE_ENV=production: JWT_SECRET is not set/],
    ['ENCRYPTION_KEY', { ENCRYPTION_KEY: '' }, /ENCRYPTION_KEY is not set/],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: '' }, /PUBLIC_BASE_URL is not set/],
    ['plain http', { PUBLIC_BASE_URL: 'http://pay.example.com' }, /PUBLIC_BASE_URL must be https:\/\//],
    [
      'a mail transport',
      { SMTP_URL: '' },
      /no mail transport chosen: set SMTP_URL, or MAIL_TRANSPORT=capture/,
    ],
    [
      'the webhook secret',
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
      /STRIPE_WEBHOOK_SECRET is not set/,
    ],
    [
      'the Connect webhook secret',
      {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_a',
      },
      /STRIPE_CONNECT_WEBHOOK_SECRET is not set/,
    ],
  ])('refuses to start without %s', (_what, change, message) => {
    expect(() => loadServerConfig({ ...safe, ...change })).toThrow(ConfigError);
    expect(() => loadServerConfig({ ...safe, ...change })).toThrow(message);
  });

  it('asks the same of live Stripe keys outside production; development stays as easy as before', () => {
    expect(() =>
      loadServerConfig({
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        JWT_SECRET: 'j'.repeat(40),
      }),
    ).toThrow(/^Refusing to start with live Stripe keys: ENCRYPTION_KEY is not set/);
    const dev = loadServerConfig({});
    expect(dev.mailTransport).toBe('capture');
    expect(dev.jwtSecret).toBeNull(); // generated at start (api/secrets.ts), in development only
  });

  it('is asked of the server only: the command-line tools need the database alone', () => {
    const { JWT_SECRET: _j, ...noSecret } = safe;
    expect(() => loadServerConfig(noSecret)).toThrow(/JWT_SECRET is not set/);
    expect(loadConfig(noSecret).nodeEnv).toBe('production'); // npm run admin:create, db:migrate, reconcile
  });

  it('never repeats a secret or a password in its error', () => {
    let message = '';
    try {
      loadServerConfig({ JWT_SECRET: 'too-short-but-secret' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET must be at least 32 characters/);
    expect(message).not.toContain('too-short-but-secret');
    try {
      loadServerConfig({ SANDBOX_DATABASE_URL: 'mysql://u:hunter2@db/x' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/SANDBOX_DATABASE_URL/);
    expect(message).not.toContain('hunter2');
  });

  it('stops the real server with one line and exit code 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://pay.example.com' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^Refusing to start with NODE_ENV=production: JWT_SECRET is not set/),
    ]);
  }, 30_000);
});
