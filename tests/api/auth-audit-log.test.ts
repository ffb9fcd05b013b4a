/**
 * The audit log as react-admin's ra-data-simple-rest reads it: `sort`/`range`/`filter` (and the
 * json-server `_sort`/`_start` form), `Content-Range`, filters and one-entry lookups; plus `audit()`
 * writing inside a transaction (rolled back with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../api/audit/service.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { createAdmin } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();
const q = (o: Record<string, unknown>) =>
  '?' +
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

describe.skipIf(skip)(`GET /api/admin/audit-log (${testDialect})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  const get = (query: string) => json(t.app, 'GET', `/api/admin/audit-log${query}`, undefined, admin.headers);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    const actor = {
      id: admin.user.id,
      email: admin.user.email,
      role: 'admin' as const,
      emailVerified: true,
      isAdmin: true,
    };
    // All 30 in the same millisecond (the clock stands still): the order is the row sequence's.
    for (let i = 0; i < 30; i++) {
      await audit(
        t.deps.database.db,
        {
          actor: i % 3 === 0 ? null : actor,
          action: i % 2 ? 'merchant.update' : 'blog.create',
          targetType: i % 2 ? 'merchant' : 'blog',
          targetId: `target-${i}`,
          details: { n: i },
          ip: '203.0.113.9',
        },
        t.clock,
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages newest first with Content-Range, as ra-data-simple-rest asks', async () => {
    const res = await get(q({ sort: ['created_at', 'DESC'], range: [0, 9], filter: {} }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('audit-log 0-9/30');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
    expect(res.body).toHaveLength(10);
    expect(res.body[0]).toMatchObject({
      target_id: 'target-29',
      details: { n: 29 },
      ip: '203.0.113.9',
      actor_email: admin.user.email,
    });
    const second = await get(q({ sort: ['created_at', 'DESC'], range: [10, 19] }));
    expect(second.body[0].target_id).toBe('target-19');
    expect(second.headers.get('content-range')).toBe('audit-log 10-19/30');
    const tail = await get(q({ sort: ['created_at', 'DESC'], range: [25, 49] }));
    expect(tail.body).toHaveLength(5);
    expect(tail.headers.get('content-range')).toBe('audit-log 25-29/30');
  });

  it('sorts, filters and searches', async () => {
    const asc = await get(q({ sort: ['created_at', 'ASC'], range: [0, 0] }));
    expect(asc.body[0].target_id).toBe('target-0');
    const merchants = await get(q({ filter: { action: 'merchant.update' }, range: [0, 99] }));
    expect(merchants.headers.get('content-range')).toBe('audit-log 0-14/15');
    expect(merchants.body.every((e: { action: string }) => e.action === 'merchant.update')).toBe(true);
    const search = await get(q({ filter: { q: 'TARGET-2' }, range: [0, 99] }));
    expect(search.body.map((e: { target_id: string }) => e.target_id).sort()).toEqual(
      [
        'target-2',
        'target-20',
        'target-21',
        'target-22',
        'target-23',
        'target-24',
        'target-25',
        'target-26',
        'target-27',
        'target-28',
        'target-29',
      ].sort(),
    );
    const many = await get(q({ filter: { target_id: ['target-1', 'target-5'] } }));
    expect(many.body).toHaveLength(2);
    const underscore = await get(q({ filter: { q: '_' } }));
    expect(underscore.headers.get('content-range')).toBe('audit-log 0-0/0');
    expect(underscore.body).toEqual([]);
  });

  it('accepts the json-server query form', async () => {
    const res = await get('?_sort=created_at&_order=ASC&_start=5&_end=10&target_type=blog');
    expect(res.status).toBe(200);
    expect(res.body.map((e: { target_id: string }) => e.target_id)).toEqual([
      'target-10',
      'target-12',
      'target-14',
      'target-16',
      'target-18',
    ]);
    expect(res.headers.get('x-total-count')).toBe('15');
  });

  it('refuses unknown sort fields and filters, and malformed JSON, naming the parameter', async () => {
    const sort = await get(q({ sort: ['details', 'ASC'] }));
    expect(sort.status).toBe(400);
    expect(sort.body.error).toEqual({
      code: 'validation_failed',
      message: 'Cannot sort by details',
      field: 'sort',
    });
    const injection = await get(q({ sort: ['created_at; drop table users', 'ASC'] }));
    expect(injection.status).toBe(400);
    const filter = await get(q({ filter: { password_hash: 'x' } }));
    expect(filter.body.error.field).toBe('filter.password_hash');
    expect((await get('?range=[0,')).body.error.field).toBe('range');
    expect((await get(q({ range: [5, 2] }))).status).toBe(400);
  });

  it('returns one entry, or 404', async () => {
    const list = await get(q({ range: [0, 0] }));
    const one = await json(t.app, 'GET', `/api/admin/audit-log/${list.body[0].id}`, undefined, admin.headers);
    expect(one.body).toEqual(list.body[0]);
    const missing = await json(t.app, 'GET', '/api/admin/audit-log/nope', undefined, admin.headers);
    expect(missing.status).toBe(404);
  });

  it('writes audit entries inside the caller transaction', async () => {
    const before = (await get(q({ range: [0, 0] }))).headers.get('content-range');
    await expect(
      t.deps.database.db.transaction().execute(async (trx) => {
        await audit(trx, { actor: null, action: 'test.rolled_back' }, t.clock);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await get(q({ range: [0, 0] }))).headers.get('content-range')).toBe(before);
  });

  it('hides sign-ins and sign-outs when asked (issue 50 item 7), and only then', async () => {
    for (const action of ['auth.login', 'auth.logout', 'auth.login_failed', 'merchant.update'])
      await audit(
        t.deps.database.db,
        { actor: null, action, targetType: 'signin-test', targetId: action },
        t.clock,
      );
    const shown = await get(q({ filter: { target_type: 'signin-test' }, range: [0, 99] }));
    expect(shown.body).toHaveLength(4);
    const hidden = await get(
      q({ filter: { target_type: 'signin-test', hide_sign_ins: true }, range: [0, 99] }),
    );
    expect(hidden.body.map((e: { action: string }) => e.action)).toEqual(['merchant.update']);
    const off = await get(
      q({ filter: { target_type: 'signin-test', hide_sign_ins: false }, range: [0, 99] }),
    );
    expect(off.body).toHaveLength(4);
  });
});
