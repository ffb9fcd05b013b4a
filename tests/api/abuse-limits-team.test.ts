/**
 * Low-severity abuse limits of round four (issue 49 item 10), with RATE_LIMITS on: invitation mail is
 * bounded per sender (10 an hour) and per merchant (20 an hour) — 30 in a second used to go out, each
 * naming a merchant a self-signed-up user chose; and one person has at most three merchants awaiting
 * review at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_OWN_MERCHANTS, TOO_MANY_PENDING } from '../../api/merchants/routes.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { bearerFor, createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`team abuse limits (${testDialect})`, () => {
  let t: TestApp;
  let founder: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '1' } });
    founder = await bearerFor(t, (await createUser(t, { email: 'founder@startup.test' })).id);
  });
  afterAll(async () => t?.close());

  const start = (name: string) =>
    json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: name, name: 'Fran', email: 'founder@startup.test' },
      founder,
    );

  it('keeps one person to a few merchants awaiting review', async () => {
    const made: string[] = [];
    for (let i = 0; i < MAX_PENDING_OWN_MERCHANTS; i++) {
      const res = await start(`Startup ${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.status).toBe('pending');
      made.push(res.body.id);
    }
    const more = await start('Startup 4');
    expect(more.status).toBe(409);
    expect(more.body.error.message).toBe(TOO_MANY_PENDING);
    // Once one is approved, another may be started.
    await t.deps.database.db
      .updateTable('merchants')
      .set({ status: 'active' })
      .where('id', '=', made[0])
      .execute();
    expect((await start('Startup 5')).status).toBe(201);
  });

  it('limits invitation mail per sender', async () => {
    const merchantId = (
      await t.deps.database.db
        .selectFrom('merchants')
        .select('id')
        .where('business_name', '=', 'Startup 1')
        .executeTakeFirstOrThrow()
    ).id;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await json(
            t.app,
            'POST',
            `/api/admin/merchants/${merchantId}/invitations`,
            { email: `person${i}@victims.test`, role: 'staff' },
            founder,
          )
        ).status,
      );
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const mails = await t.deps.database.db
      .selectFrom('emails')
      .select('id')
      .where('to_address', 'like', '%@victims.test')
      .execute();
    expect(mails).toHaveLength(10);
  });
});
