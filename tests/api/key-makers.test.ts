/**
 * Keys no stronger than their makers, and members who leave (issue 49 items 4, 5; DESIGN §6):
 *  - an API key acts with at most its maker's role, checked at each use: a developer's read-and-
 *    write key manages webhook endpoints but neither lists payments nor refunds (it used to do both),
 *    an owner's key does what an owner does, and the audit names the member behind the key;
 *  - demoting or removing a member withdraws their open invitations and keys at once, audited: a
 *    removed owner's invitation of their own second address no longer makes them an owner again,
 *    and a removed developer's key stops working; the owner is shown the webhook endpoints the
 *    removed member made (with a key or in the console), which keep receiving events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKER_LEFT_MESSAGE, makerRoleRefusedMessage } from '../../api/auth/api-keys/key-access.ts';
import { addMember } from '../../api/merchants/team-members.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { bearerFor, createUser } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { createConnectedMerchant, payThroughLink } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`API keys and their makers (${testDialect})`, () => {
  let t: TestApp;
  let merchantId: string;
  let paymentId: string;
  const people: Record<string, { id: string; email: string; headers: Record<string, string> }> = {};

  async function person(name: string, role: 'owner' | 'staff' | 'developer') {
    const user = await createUser(t, { email: `${name}@maker.test` });
    await addMember(t.deps.database.db, merchantId, user.id, role, null, t.clock.now().toISOString());
    people[name] = { id: user.id, email: user.email, headers: await bearerFor(t, user.id) };
  }

  async function keyOf(name: string, permission: 'read' | 'write' = 'write') {
    const res = await json(
      t.app,
      'POST',
      '/api/admin/api-keys',
      { name: `${name}'s key`, merchant_id: merchantId, permission },
      people[name].headers,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { prefix: res.body.prefix as string, headers: { authorization: `Bearer ${res.body.secret}` } };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } });
    merchantId = (await createConnectedMerchant(t)).id;
    await person('owner', 'owner');
    await person('second', 'owner'); // so the first owner can be removed
    await person('dev', 'developer');
    paymentId = (
      await payThroughLink(t, {
        merchant: merchantId,
        invoice: 'INV-KEYS',
        linkAmount: '300.00',
        amount: 30_000,
      })
    ).created.paymentId;
  });
  afterAll(async () => t?.close());

  it("acts with at most its maker's role: a developer's write key manages endpoints, never payments", async () => {
    const dev = await keyOf('dev');
    const payments = await json(t.app, 'GET', '/api/v1/payments', undefined, dev.headers);
    expect(payments.status).toBe(403);
    expect(payments.body.error.message).toBe(makerRoleRefusedMessage('developer'));
    const refund = await json(
      t.app,
      'POST',
      `/api/v1/payments/${paymentId}/refunds`,
      { amount: 1000 },
      dev.headers,
    );
    expect(refund.status).toBe(403);
    expect((await json(t.app, 'GET', '/api/v1/webhook_endpoints', undefined, dev.headers)).status).toBe(200);
    const refunds = await t.deps.database.db
      .selectFrom('refunds')
      .select('id')
      .where('payment_id', '=', paymentId)
      .execute();
    expect(refunds).toEqual([]);

    const owner = await keyOf('owner');
    expect((await json(t.app, 'GET', '/api/v1/payments', undefined, owner.headers)).status).toBe(200);
    const ownerRefund = await json(
      t.app,
      'POST',
      `/api/v1/payments/${paymentId}/refunds`,
      { amount: 1000 },
      owner.headers,
    );
    expect(ownerRefund.status, JSON.stringify(ownerRefund.body)).toBe(201);
    // The audit names the member behind the key.
    const entry = await t.deps.database.db
      .selectFrom('audit_log')
      .select('actor_email')
      .where('action', '=', 'payment.refund')
      .where('target_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(entry.actor_email).toBe(`api_key:${owner.prefix} (${people.owner.email})`);
  });

  it('removing a developer withdraws their key at once, audited; the key says why; the owner is shown their endpoints', async () => {
    const dev = await keyOf('dev');
    expect((await json(t.app, 'GET', '/api/v1/webhook_endpoints', undefined, dev.headers)).status).toBe(200);
    // Two endpoints the developer made — one with their key, one in the console — and one the owner made.
    const byKey = await json(
      t.app,
      'POST',
      '/api/v1/webhook_endpoints',
      { url: 'http://127.0.0.1:9/dev-key', description: 'Shop sync' },
      dev.headers,
    );
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(201);
    const endpointsPath = `/api/admin/merchants/${merchantId}/webhook-endpoints`;
    const byConsole = await json(
      t.app,
      'POST',
      endpointsPath,
      { url: 'http://127.0.0.1:9/dev-console' },
      people.dev.headers,
    );
    expect(byConsole.status, JSON.stringify(byConsole.body)).toBe(201);
    const ownersOwn = await json(
      t.app,
      'POST',
      endpointsPath,
      { url: 'http://127.0.0.1:9/owner' },
      people.owner.headers,
    );
    expect(ownersOwn.status).toBe(201);
    const removed = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchantId}/members/${people.dev.id}`,
      undefined,
      people.owner.headers,
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      webhook_endpoints: [
        { id: byKey.body.id, url: 'http://127.0.0.1:9/dev-key', description: 'Shop sync' },
        { id: byConsole.body.id, url: 'http://127.0.0.1:9/dev-console', description: null },
      ],
    });
    const removal = await t.deps.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'member.remove')
      .where('target_id', '=', people.dev.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(removal.details!).webhook_endpoints_kept).toEqual([byKey.body.id, byConsole.body.id]);
    const after = await json(t.app, 'GET', '/api/v1/webhook_endpoints', undefined, dev.headers);
    expect(after.status).toBe(401);
    const withdrawn = await t.deps.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'member.withdrawn')
      .where('target_id', '=', people.dev.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(withdrawn.details!).apiKeys).toContain(dev.prefix);
  });

  it('a key whose maker left stops working even if nothing revoked it (the check is at each use)', async () => {
    await person('temp', 'developer');
    const temp = await keyOf('temp');
    // The membership goes behind the team's back (an admin's database fix, another process).
    await t.deps.database.db
      .deleteFrom('merchant_members')
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', people.temp.id)
      .execute();
    const res = await json(t.app, 'GET', '/api/v1/webhook_endpoints', undefined, temp.headers);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(MAKER_LEFT_MESSAGE);
  });

  it('removing an owner withdraws their open invitations: the one to their own second address no longer makes them owner', async () => {
    const invited = await json(
      t.app,
      'POST',
      `/api/admin/merchants/${merchantId}/invitations`,
      { email: 'owner-again@maker.test', role: 'owner' },
      people.owner.headers,
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const ownerKey = await keyOf('owner');
    const removed = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchantId}/members/${people.owner.id}`,
      undefined,
      people.second.headers,
    );
    expect(removed.status).toBe(200);
    const open = await t.deps.database.db
      .selectFrom('merchant_invitations')
      .select(['revoked_at'])
      .where('merchant_id', '=', merchantId)
      .where('email', '=', 'owner-again@maker.test')
      .executeTakeFirstOrThrow();
    expect(open.revoked_at).not.toBeNull();
    const list = await json(
      t.app,
      'GET',
      `/api/admin/merchants/${merchantId}/invitations`,
      undefined,
      people.second.headers,
    );
    expect(list.body.map((i: { email: string }) => i.email)).not.toContain('owner-again@maker.test');
    expect((await json(t.app, 'GET', '/api/v1/payments', undefined, ownerKey.headers)).status).toBe(401);
  });
});
