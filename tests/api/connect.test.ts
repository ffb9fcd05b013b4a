/**
 * Stripe Connect for a merchant through the sandbox provider: Account Links onboarding (the
 * merchant's badge follows account.updated), OAuth with a signed single-use expiring state, the
 * pending fallback when the exchange fails, disconnect; the spec's callback messages; audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { sandbox } from './support/payments.ts';

const skip = await skipPostgres();
const REDIRECT = 'http://127.0.0.1:8787/connect/callback';

describe.skipIf(skip)(`stripe connect (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newMerchant = async () =>
    (
      await json(
        t.app,
        'POST',
        '/api/admin/merchants',
        { business_name: 'Connect Co', name: 'C', email: 'c@connect.test' },
        admin,
      )
    ).body;
  const getMerchant = async (id: string) =>
    (await json(t.app, 'GET', `/api/admin/merchants/${id}`, undefined, admin)).body;

  it('onboards a new account with Account Links; the badge follows account.updated', async () => {
    const m = await newMerchant();
    const start = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-url',
      { redirectUri: REDIRECT, merchantId: m.id, mode: 'onboarding' },
      admin,
    );
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.accountId).toMatch(/^acct_/);
    expect(start.body.state).not.toContain(m.id);
    expect(await getMerchant(m.id)).toMatchObject({
      stripe_account_id: start.body.accountId,
      stripe_connect_status: 'onboarding',
      stripe_onboarding_complete: false,
    });
    // The admin approves on the (sandbox) consent page and comes back to /connect/callback?state=….
    const token = new URL(start.body.url).searchParams.get('link')!;
    const back = await sandbox(t).decideLink(token, true);
    expect(new URL(back!).searchParams.get('state')).toBe(start.body.state);
    await t.deps.payments.flushEvents();
    expect(await getMerchant(m.id)).toMatchObject({
      stripe_onboarding_complete: true,
      stripe_charges_enabled: true,
    });
    const done = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-callback',
      { state: start.body.state },
      admin,
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'connected',
      account_id: start.body.accountId,
      onboarding_complete: true,
    });
    const session = await json(t.app, 'GET', `/api/pay/session?merchant=${m.id}&invoice=INV-1&amount=10`);
    expect(session.body.merchant.ready).toBe(true);
  });

  it('connects an existing account by OAuth; the state is single-use', async () => {
    const m = await newMerchant();
    const start = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-url',
      { redirectUri: REDIRECT, state: m.id, mode: 'oauth' },
      admin,
    );
    expect(start.status).toBe(200);
    const consent = new URL(start.body.url);
    expect(consent.searchParams.get('state')).toBe(start.body.state);
    const back = new URL(
      await sandbox(t).decideOAuth({
        redirectUri: REDIRECT,
        state: start.body.state,
        approve: true,
        businessName: 'Connect Co',
      }),
    );
    const code = back.searchParams.get('code')!;
    const done = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-callback',
      { code, state: back.searchParams.get('state') },
      admin,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'connected', success: true, merchant_id: m.id });
    expect((await getMerchant(m.id)).stripe_account_id).toBe(done.body.account_id);
    const replay = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-callback',
      { code, state: start.body.state },
      admin,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toBe(
      'This connection link has expired or was already used. Please start again from the merchant page.',
    );
    const actions = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', m.id)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['merchant.stripe_connect_started', 'merchant.stripe_connected']),
    );
  });

  it("answers the spec's callback messages, refuses forged and expired states, and falls back to pending", async () => {
    const m = await newMerchant();
    const noState = await json(t.app, 'POST', '/api/admin/stripe-connect-callback', { code: 'ac_x' }, admin);
    expect(noState.body.error.message).toBe('No merchant ID provided in the callback URL state parameter');
    const merchantIdAsState = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-callback',
      { code: 'ac_x', state: m.id },
      admin,
    );
    expect(merchantIdAsState.status).toBe(400);
    const start = async () =>
      (
        await json(
          t.app,
          'POST',
          '/api/admin/stripe-connect-url',
          { redirectUri: REDIRECT, merchantId: m.id, mode: 'oauth' },
          admin,
        )
      ).body.state;
    const noCode = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-callback',
      { state: await start() },
      admin,
    );
    expect(noCode.body.error.message).toBe('No authorization code received from Stripe');
    const stale = await start();
    t.clock.advance(31 * 60_000);
    admin = await adminHeaders(t);
    expect(
      (await json(t.app, 'POST', '/api/admin/stripe-connect-callback', { code: 'ac_x', state: stale }, admin))
        .status,
    ).toBe(400);
    const pending = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-callback',
      { code: 'ac_not_issued', state: await start() },
      admin,
    );
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ status: 'pending', merchant_id: m.id });
    expect((await getMerchant(m.id)).stripe_connect_status).toBe('pending_manual_processing');
    const unknown = await json(
      t.app,
      'POST',
      '/api/admin/stripe-connect-url',
      { redirectUri: REDIRECT, merchantId: crypto.randomUUID() },
      admin,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Could not find merchant details');
  });

  it('disconnects: the account is revoked at the provider and the merchant cannot take payments', async () => {
    const m = await newMerchant();
    await t.deps.database.db
      .updateTable('merchants')
      .set({
        stripe_account_id: 'acct_todisconnect1',
        stripe_charges_enabled: 1,
        stripe_onboarding_complete: 1,
      })
      .where('id', '=', m.id)
      .execute();
    const res = await json(t.app, 'POST', `/api/admin/merchants/${m.id}/disconnect-stripe`, undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, disconnected_account_id: 'acct_todisconnect1' });
    expect(await getMerchant(m.id)).toMatchObject({
      stripe_account_id: null,
      stripe_onboarding_complete: false,
      stripe_connect_status: 'disconnected',
    });
    await expect(sandbox(t).retrieveAccount('acct_todisconnect1')).rejects.toThrow(/revoked|access/);
    const body = {
      merchantId: m.id,
      amount: 1000,
      currency: 'aud',
      invoiceNumber: 'INV-1',
      amountDue: 1000,
      confirmationToken: 'ctoken_anything',
    };
    const quoted = await json(t.app, 'POST', '/api/payments/quote', body);
    const pay = await json(
      t.app,
      'POST',
      '/api/payments/create-payment-intent',
      { ...body, quoteId: 'q1.any.quote' },
      { 'idempotency-key': 'disconnected-1' },
    );
    for (const r of [quoted, pay])
      expect(r.body.error.message).toBe('This merchant has not connected their Stripe account');
    const actions = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', m.id)
      .execute();
    expect(actions.map((a) => a.action)).toContain('merchant.stripe_disconnected');
  });
});
