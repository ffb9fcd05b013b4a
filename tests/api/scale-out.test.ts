/**
 * Several server processes on one PostgreSQL database, as two app instances with their
 * own connection pools, caches and rate-limit stores sharing one schema — what `WORKERS=2` or two
 * machines behind a load balancer are. Requests alternate between them:
 *  - abuse limits hold across them (the limit, not twice it), including the lockout of unknown emails;
 *  - a merchant edited through one is seen by the other's pay session at once (LISTEN/NOTIFY), not
 *    when its cache times out;
 *  - a sign-out through one ends the access token at the other;
 *  - counters whose window ended are swept.
 * PostgreSQL only: SQLite is the one-process set-up (WORKERS > 1 is refused there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres } from '../../api/db/database.ts';
import { LISTENER_NAME, type PostgresChangeBus } from '../../api/db/change-bus.ts';
import { migrate } from '../../api/migrations.ts';
import { MERCHANT_CACHE_TTL_MS } from '../../api/pay/cache.ts';
import { CONTACT_RATE_RULE } from '../../api/prospects/service.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders, createUser, signIn } from '../support/auth.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, openSession } from './support/payments.ts';

const skip = testDialect !== 'postgres' || (await skipPostgres());

async function until(done: () => boolean, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(skip)('two app instances on one PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    schema = await createPostgresSchema();
    const first = openPostgres(schema.url, 3);
    await migrate(first);
    const env = { RATE_LIMITS: '1', TRUST_PROXY: '1' };
    a = await createTestApp({ env, database: first });
    b = await createTestApp({ env, database: openPostgres(schema.url, 3) });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await schema?.drop();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const either = (i: number) => (i % 2 === 0 ? a : b);

  it('holds a rate limit across both instances, not twice it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_RATE_RULE.limit * 2; i++) {
      const res = await json(
        either(i).app,
        'POST',
        '/api/public/prospects',
        { name: 'N', email: `n${i}@acme.example`, company_name: 'C' },
        from('203.0.113.9'),
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([
      ...Array(CONTACT_RATE_RULE.limit).fill(201),
      ...Array(CONTACT_RATE_RULE.limit).fill(429),
    ]);
    // Another address has its own budget.
    const other = await json(
      b.app,
      'POST',
      '/api/public/prospects',
      { name: 'N', email: 'o@acme.example', company_name: 'C' },
      from('203.0.113.10'),
    );
    expect(other.status).toBe(201);
  });

  it('asks a challenge of an unknown email after 20 failures spread over both, exactly like an account', async () => {
    await createUser(a, { email: 'real@acme.example', password: 'right-password' });
    for (const email of ['real@acme.example', 'ghost@acme.example'])
      for (let i = 0; i < 20; i++) {
        const res = await json(
          either(i).app,
          'POST',
          '/api/auth/login',
          { email, password: 'wrong' },
          from(`10.1.0.${i}`),
        );
        expect(res.status, `${email} #${i}`).toBe(401);
      }
    const real = await json(
      a.app,
      'POST',
      '/api/auth/login',
      { email: 'real@acme.example', password: 'x' },
      from('10.2.0.1'),
    );
    const ghost = await json(
      b.app,
      'POST',
      '/api/auth/login',
      { email: 'ghost@acme.example', password: 'x' },
      from('10.2.0.1'),
    );
    // A proof of work is asked of both (issue 49 item 8: never a refusal of the right password),
    // alike: the answer does not tell which address has an account.
    expect(real.status).toBe(428);
    expect(ghost.status).toBe(428);
    expect(ghost.body.error).toEqual(real.body.error);
    expect(Object.keys(ghost.body.challenge).sort()).toEqual(Object.keys(real.body.challenge).sort());
    expect(ghost.body.challenge.maxnumber).toBe(real.body.challenge.maxnumber);
  });

  it('shows a merchant edited through one instance in the other’s pay session at once', async () => {
    const merchant = await createConnectedMerchant(a, { business_name: 'Old Name Timber' });
    const link = { merchant: merchant.id, invoice: 'INV-SCALE', amount: '100.00' };
    await (b.deps.database.changes as PostgresChangeBus).listening();
    expect((await openSession(b, link)).body.merchant.name).toBe('Old Name Timber'); // cached in b
    expect((await openSession(b, link)).body.merchant.name).toBe('Old Name Timber');

    const admin = await adminHeaders(a);
    const edit = await json(
      a.app,
      'PUT',
      `/api/admin/merchants/${merchant.id}`,
      { business_name: 'New Name Timber' },
      admin,
    );
    expect(edit.status).toBe(200);
    const started = Date.now();
    let name = '';
    while (Date.now() - started < 1000) {
      name = (await openSession(b, link)).body.merchant.name;
      if (name === 'New Name Timber') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    // Far sooner than the cache's own time-out would have shown it.
    expect(name).toBe('New Name Timber');
    expect(Date.now() - started).toBeLessThan(MERCHANT_CACHE_TTL_MS / 5);
  });

  it('keeps listening when its connection drops: reconnects and tells subscribers they may have missed notices', async () => {
    const bus = b.deps.database.changes as PostgresChangeBus;
    const heard: string[] = [];
    bus.subscribe('scale-test', () => heard.push('scale-test'));
    await bus.listening();
    await a.deps.database.changes!.publish('scale-test');
    await until(() => heard.length === 1);
    // Kill b's listening connection, as a database restart or a network blip would.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE application_name = ${LISTENER_NAME} AND pid <> pg_backend_pid()
                AND query LIKE ${`LISTEN "%${schema.schema}"`}`.execute(a.deps.database.db);
    await until(() => heard.length === 2, 5000); // reconnected: "you may have missed something"
    await a.deps.database.changes!.publish('scale-test');
    await until(() => heard.length === 3);
    expect(heard).toHaveLength(3);
  });

  it('ends an access token issued by one instance when the user signs out through the other', async () => {
    await createUser(a, { email: 'roamer@acme.example', password: 'roamer-password' });
    const session = await signIn(a, 'roamer@acme.example', 'roamer-password');
    expect((await json(b.app, 'GET', '/api/auth/me', undefined, session.bearer)).status).toBe(200);
    expect(
      (await json(b.app, 'POST', '/api/auth/logout', undefined, { cookie: session.cookie })).status,
    ).toBe(204);
    expect((await json(a.app, 'GET', '/api/auth/me', undefined, session.bearer)).status).toBe(401);
  });

  it('sweeps counters whose window has ended', async () => {
    const db = a.deps.database.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('rate_limit_counters')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    expect(await count()).toBeGreaterThan(0);
    a.clock.advance(25 * 3_600_000); // past every window (and the unknown emails' 24 h of failures)
    await json(
      a.app,
      'POST',
      '/api/public/prospects',
      { name: 'N', email: 'late@acme.example', company_name: 'C' },
      from('198.51.100.1'),
    );
    const deadline = Date.now() + 2000;
    while ((await count()) > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await count()).toBe(1); // only the request just counted
  });
});
