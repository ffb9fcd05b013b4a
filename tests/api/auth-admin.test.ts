/**
 * Admin bootstrap on this dialect: `npm run admin:create` creates a verified admin or promotes an
 * existing account (and clears its lockout), and the demo seed creates admin@invoicepay.local with a
 * printed password that signs in.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCreate } from '../../api/admin-cli.ts';
import { PasswordHasher } from '../../api/auth/password.ts';
import { adminSeedStep } from '../../api/seed/admin.ts';
import { openDatabase, type AppDatabase } from '../../api/db/database.ts';
import { runDemoSeed } from '../../api/seed/demo.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { signIn } from '../support/auth.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();
const run = promisify(execFile);

describe.skipIf(skip)(`admin bootstrap (${testDialect})`, () => {
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  let database: AppDatabase;

  beforeAll(async () => {
    if (testDialect === 'postgres') {
      const schema = await createPostgresSchema();
      databaseUrl = schema.url;
      cleanup = schema.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'admin-create-'));
      databaseUrl = `sqlite:${join(dir, 'app.db')}`;
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it('npm run admin:create creates a verified admin with an OWASP-cost password hash', async () => {
    const { stdout } = await run(
      'npm',
      [
        'run',
        '--silent',
        'admin:create',
        '--',
        '--email',
        'Root@Acme.example',
        '--password',
        'first-password',
      ],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      },
    );
    expect(stdout).toMatch(/Created admin root@acme\.example/);
    database = openDatabase(databaseUrl);
    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'root@acme.example')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('admin');
    expect(user.email_verified_at).not.toBeNull();
    expect(user.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await new PasswordHasher().verify('first-password', user.password_hash)).toBe(true);
  });

  it('promotes an existing, locked account and resets its password; refuses bad input', async () => {
    const now = new Date().toISOString();
    await database.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        email: 'ops@acme.example',
        password_hash: 'x',
        failed_login_count: 7,
        locked_until: '2999-01-01T00:00:00.000Z',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const out: string[] = [];
    const log = { log: (l: string) => out.push(l), error: (l: string) => out.push(`ERR ${l}`) };
    const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' };
    expect(
      await runAdminCreate(['--email', 'ops@acme.example', '--password', 'ops-password'], env, log),
    ).toBe(0);
    expect(out.at(-1)).toMatch(/Promoted to admin ops@acme\.example/);
    const user = await database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ops@acme.example')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'admin', failed_login_count: 0, locked_until: null });
    expect(user.email_verified_at).not.toBeNull();

    expect(await runAdminCreate(['--email', 'ops@acme.example', '--password', 'short'], env, log)).toBe(2);
    expect(out.at(-1)).toBe('ERR Password must be at least 6 characters');
    expect(await runAdminCreate(['--email', 'not-an-email', '--password', 'long-enough'], env, log)).toBe(2);
    expect(await runAdminCreate(['--email', 'a@b.example'], env, log)).toBe(2);
    expect(out.at(-1)).toMatch(/--password \(or ADMIN_PASSWORD\) is required/);
  });
});

describe.skipIf(skip)(`demo admin seed (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates admin@invoicepay.local once, with a printed random password that signs in', async () => {
    const lines = await runDemoSeed(t.deps, [adminSeedStep]);
    expect(lines).toHaveLength(1);
    const match = /Admin:\s+admin@invoicepay\.local \/ (\S+)/.exec(lines[0]);
    expect(match).not.toBeNull();
    expect(match![1].length).toBeGreaterThanOrEqual(16);
    const session = await signIn(t, 'admin@invoicepay.local', match![1]);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ role: 'admin', isAdmin: true, emailVerified: true });
    expect((await json(t.app, 'GET', '/api/admin/audit-log', undefined, session.bearer)).status).toBe(200);
    // A later start creates nothing and never prints a password again.
    const again = await runDemoSeed(t.deps, [adminSeedStep]);
    expect(again).toEqual([expect.stringContaining('password shown at the first start')]);
    expect(again.join('\n')).not.toContain(match![1]);
    const admins = await t.deps.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@invoicepay.local')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
