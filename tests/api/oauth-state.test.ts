/**
 * The signed, single-use, expiring OAuth `state` shared by Stripe Connect and the accounting
 * connections (api/auth/oauth-state.ts): a state only completes the flow it was issued for, once,
 * before it expires, and only as signed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeOAuthState, issueOAuthState, OAUTH_STATE_TTL_MS } from '../../api/auth/oauth-state.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`oauth state (${testDialect})`, () => {
  let t: TestApp;
  let merchantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await adminHeaders(t);
    const m = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'State Co', name: 'S', email: 's@state.test' },
      admin,
    );
    merchantId = m.body.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.deps.database.db;

  it('names the merchant and the flow, once', async () => {
    const state = await issueOAuthState(t.deps, db(), merchantId, 'xero_oauth');
    expect(state).not.toContain(merchantId);
    expect(await consumeOAuthState(t.deps, db(), state, ['xero_oauth', 'quickbooks_oauth'])).toEqual({
      merchantId,
      purpose: 'xero_oauth',
    });
    expect(await consumeOAuthState(t.deps, db(), state, ['xero_oauth', 'quickbooks_oauth'])).toBeNull();
  });

  it("does not complete another flow's callback (and is not spent by the attempt)", async () => {
    const state = await issueOAuthState(t.deps, db(), merchantId, 'stripe_onboarding');
    expect(await consumeOAuthState(t.deps, db(), state, ['xero_oauth', 'quickbooks_oauth'])).toBeNull();
    expect(await consumeOAuthState(t.deps, db(), state, ['stripe_oauth', 'stripe_onboarding'])).toEqual({
      merchantId,
      purpose: 'stripe_onboarding',
    });
  });

  it('refuses a tampered or unsigned state', async () => {
    const state = await issueOAuthState(t.deps, db(), merchantId, 'quickbooks_oauth');
    const [nonce, mac] = state.split('.');
    const flipped = `${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(await consumeOAuthState(t.deps, db(), flipped, ['quickbooks_oauth'])).toBeNull();
    expect(await consumeOAuthState(t.deps, db(), nonce, ['quickbooks_oauth'])).toBeNull();
    expect(await consumeOAuthState(t.deps, db(), merchantId, ['quickbooks_oauth'])).toBeNull();
    expect(await consumeOAuthState(t.deps, db(), state, ['quickbooks_oauth'])).not.toBeNull();
  });

  it('expires after its time to live', async () => {
    const state = await issueOAuthState(t.deps, db(), merchantId, 'stripe_oauth');
    t.clock.advance(OAUTH_STATE_TTL_MS);
    expect(await consumeOAuthState(t.deps, db(), state, ['stripe_oauth'])).toBeNull();
  });
});
