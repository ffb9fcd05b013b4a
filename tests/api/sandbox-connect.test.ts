/**
 * Simulated Stripe Connect through the local consent page, as an admin's browser goes through it:
 * Account Links onboarding (approve, cancel, expired or reused link → refresh_url) and OAuth
 * (approve → /connect/callback?code&state, cancel → access_denied), code exchange rules, and
 * what a connected, unfinished or disconnected account allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateIntentInput } from '../../api/ports/payment-provider.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { sandboxDatabaseEnv, sandboxOf } from '../support/sandbox.ts';

const skip = await skipPostgres();
const BASE = 'http://127.0.0.1:8787';

let seq = 0;
const intentOn = (account: string): CreateIntentInput => ({
  amount: 5000,
  currency: 'aud',
  applicationFeeAmount: 63,
  connectedAccountId: account,
  description: 'Payment',
  metadata: {},
  idempotencyKey: `connect-${++seq}`,
});

describe.skipIf(skip)(`sandbox Connect consent (${testDialect})`, () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const where = await sandboxDatabaseEnv();
    drop = where.drop;
    t = await createTestApp({ env: where.env, autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  const get = (url: string) => t.app.request(url.replace(BASE, ''));
  const post = (form: Record<string, string>) =>
    t.app.request('/api/sandbox/connect/consent', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const onboard = (businessName = 'Bricks & <Mortar> Pty') =>
    t.deps.payments.createOnboardingLink({
      merchantId: 'm-1',
      email: 'owner@bricks.example',
      businessName,
      existingAccountId: null,
      refreshUrl: `${BASE}/admin/merchants/m-1?connect=refresh`,
      returnUrl: `${BASE}/admin/merchants/m-1?connect=done`,
    });

  it('onboarding: a labelled test-mode consent page; approving enables charges and returns to return_url', async () => {
    const link = await onboard();
    expect(link.accountId).toMatch(/^acct_/);
    expect(link.url).toMatch(new RegExp(`^${BASE}/api/sandbox/connect/consent\\?link=`));
    expect(await t.deps.payments.retrieveAccount(link.accountId)).toEqual({
      id: link.accountId,
      chargesEnabled: false,
      detailsSubmitted: false,
      payoutsEnabled: false,
    });
    await expect(t.deps.payments.createIntent(intentOn(link.accountId))).rejects.toMatchObject({
      code: 'account_invalid',
    });

    const page = await get(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('<title>Test mode');
    expect(html).toContain('Bricks &amp; &lt;Mortar&gt; Pty'); // escaped, not markup
    expect(html).not.toContain('<Mortar>');
    expect(html).toContain(link.accountId);
    expect(html).toMatch(/<button[^>]*value="approve"/);
    expect(html).toMatch(/<button[^>]*value="cancel"/);

    const token = new URL(link.url).searchParams.get('link')!;
    const approved = await post({ link: token, decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`${BASE}/admin/merchants/m-1?connect=done`);
    expect(await t.deps.payments.retrieveAccount(link.accountId)).toMatchObject({
      chargesEnabled: true,
      detailsSubmitted: true,
    });
    expect((await t.deps.payments.createIntent(intentOn(link.accountId))).status).toBe(
      'requires_payment_method',
    );

    const queued = await sandboxOf(t)
      .ctx.db.selectFrom('sandbox_events')
      .select(['type', 'account_id', 'payload'])
      .where('type', '=', 'account.updated')
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0].account_id).toBe(link.accountId);
    expect(JSON.parse(queued[0].payload).data.object).toMatchObject({
      id: link.accountId,
      charges_enabled: true,
    });

    // A used link goes to refresh_url, as Stripe's do.
    const reused = await get(link.url);
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe(`${BASE}/admin/merchants/m-1?connect=refresh`);
    expect((await post({ link: token, decision: 'approve' })).headers.get('location')).toBe(
      `${BASE}/admin/merchants/m-1?connect=refresh`,
    );
  });

  it('onboarding: cancel returns without enabling; an expired link goes to refresh_url', async () => {
    const link = await onboard('Timber Co');
    const token = new URL(link.url).searchParams.get('link')!;
    const canceled = await post({ link: token, decision: 'cancel' });
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${BASE}/admin/merchants/m-1?connect=done`);
    expect((await t.deps.payments.retrieveAccount(link.accountId)).chargesEnabled).toBe(false);

    const fresh = await t.deps.payments.createOnboardingLink({
      merchantId: 'm-1',
      email: 'owner@timber.example',
      businessName: 'Timber Co',
      existingAccountId: link.accountId,
      refreshUrl: `${BASE}/refresh`,
      returnUrl: `${BASE}/done`,
    });
    expect(fresh.accountId).toBe(link.accountId);
    t.clock.advance(301_000);
    const expired = await get(fresh.url);
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe(`${BASE}/refresh`);
    const late = await post({ link: new URL(fresh.url).searchParams.get('link')!, decision: 'approve' });
    expect(late.headers.get('location')).toBe(`${BASE}/refresh`);
    expect((await t.deps.payments.retrieveAccount(link.accountId)).chargesEnabled).toBe(false);
  });

  it('a return URL on another address than the public one (console at localhost vs 127.0.0.1): a page that goes there, not a redirect the page CSP would block', async () => {
    const elsewhere = 'http://localhost:8787/connect/callback?state=s-1';
    const link = await t.deps.payments.createOnboardingLink({
      merchantId: 'm-2',
      email: 'owner@elsewhere.example',
      businessName: 'Elsewhere Pty',
      existingAccountId: null,
      refreshUrl: elsewhere,
      returnUrl: elsewhere,
    });
    const approved = await post({ link: new URL(link.url).searchParams.get('link')!, decision: 'approve' });
    expect(approved.status).toBe(200);
    const html = await approved.text();
    expect(html).toContain(
      '<meta http-equiv="refresh" content="0; url=http://localhost:8787/connect/callback?state=s-1">',
    );
    expect(html).toContain('<a href="http://localhost:8787/connect/callback?state=s-1">');
    expect(await t.deps.payments.retrieveAccount(link.accountId)).toMatchObject({ chargesEnabled: true });
  });

  it('an unknown link is a 404 page', async () => {
    const res = await get('/api/sandbox/connect/consent?link=link_nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('TEST MODE');
  });

  it('OAuth: approve returns a single-use code to /connect/callback with the state; the code gives the account', async () => {
    const redirectUri = `${BASE}/connect/callback`;
    const url = t.deps.payments.oauthAuthorizeUrl({ state: 'signed.state.value', redirectUri });
    const params = new URL(url).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      response_type: 'code',
      scope: 'read_write',
      state: 'signed.state.value',
      redirect_uri: redirectUri,
    });
    const page = await get(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('value="signed.state.value"');

    const approved = await post({
      state: 'signed.state.value',
      redirect_uri: redirectUri,
      decision: 'approve',
    });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('signed.state.value');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^ac_/);

    const { accountId } = await t.deps.payments.exchangeOAuthCode(code);
    expect(await t.deps.payments.retrieveAccount(accountId)).toMatchObject({
      id: accountId,
      chargesEnabled: true,
    });
    await expect(t.deps.payments.exchangeOAuthCode(code)).rejects.toMatchObject({
      type: 'oauth_error',
      code: 'invalid_grant',
      message: expect.stringMatching(/already been used/),
    });
    await expect(t.deps.payments.exchangeOAuthCode('ac_made_up')).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'Authorization code does not exist: ac_made_up',
    });
  });

  it('OAuth: an expired code is refused; cancel returns access_denied with the state', async () => {
    const redirectUri = `${BASE}/connect/callback`;
    const approved = await post({ state: 's1', redirect_uri: redirectUri, decision: 'approve' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    t.clock.advance(301_000);
    await expect(t.deps.payments.exchangeOAuthCode(code)).rejects.toMatchObject({
      message: `Authorization code expired: ${code}`,
    });

    const canceled = await post({ state: 's2', redirect_uri: redirectUri, decision: 'cancel' });
    const back = new URL(canceled.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied your request',
      state: 's2',
    });
  });

  it('OAuth: a redirect_uri off our origin is refused (no code is handed to another site)', async () => {
    const url = t.deps.payments.oauthAuthorizeUrl({ state: 's', redirectUri: 'https://evil.example/steal' });
    expect((await get(url)).status).toBe(400);
    const res = await post({ state: 's', redirect_uri: 'https://evil.example/steal', decision: 'approve' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('disconnect revokes access: no more charges or account reads on it', async () => {
    const account = 'acct_seededDemo42';
    // An id the sandbox never issued (a seeded demo merchant) counts as an onboarded test account.
    expect(await t.deps.payments.retrieveAccount(account)).toMatchObject({ chargesEnabled: true });
    await t.deps.payments.disconnectAccount(account);
    await expect(t.deps.payments.createIntent(intentOn(account))).rejects.toMatchObject({
      code: 'account_invalid',
      statusCode: 403,
    });
    await expect(t.deps.payments.retrieveAccount(account)).rejects.toMatchObject({ statusCode: 403 });
    await expect(t.deps.payments.retrieveAccount('not-an-account')).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });
});
