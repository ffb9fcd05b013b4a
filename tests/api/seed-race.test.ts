/**
 * Two server processes starting together on an empty PostgreSQL database (issue 48: two hosts, or a
 * deploy) seed it once: one demo merchant, one admin, the admin's password printed by one of them.
 * PostgreSQL only: SQLite is the one-process set-up.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../api/db/database.ts';
import { migrate } from '../../api/migrations.ts';
import { DEMO_ADMIN_EMAIL } from '../../api/seed/admin.ts';
import { runDemoSeed } from '../../api/seed/demo.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createPostgresSchema, skipPostgres, testDialect } from '../support/db.ts';

const skip = testDialect !== 'postgres' || (await skipPostgres());

describe.skipIf(skip)('the demo seed with two processes starting together', () => {
  const apps: TestApp[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    for (const t of apps) await t.close();
    await drop?.();
  });

  it('seeds once: one merchant, one admin, one password shown', async () => {
    const schema = await createPostgresSchema();
    drop = schema.drop;
    const first = openPostgres(schema.url, 3);
    await migrate(first);
    apps.push(
      await createTestApp({ database: first }),
      await createTestApp({ database: openPostgres(schema.url, 3) }),
    );
    const [a, b] = await Promise.all(apps.map((t) => runDemoSeed(t.deps)));
    const db = apps[0].deps.database.db;
    expect(await db.selectFrom('merchants').select('id').execute()).toHaveLength(1);
    expect(
      await db.selectFrom('users').select('id').where('email', '=', DEMO_ADMIN_EMAIL).execute(),
    ).toHaveLength(1);
    const shown = [...a, ...b].filter((line) => line.includes('shown once'));
    expect(shown).toHaveLength(1);
  });
});
