/**
 * The Xero connection against a local Xero (tests/support/fake-xero.ts, strict to Xero's OpenAPI
 * document): OAuth connect with a signed single-use state, Xero's granular scopes and tokens sealed
 * at rest; a reconnect asked for when Xero no longer accepts the refresh token; disconnect with the
 * tokens revoked.
 */
import { describe, expect, it } from 'vitest';
import { runOutboxOnce } from '../../api/accounting/sync/worker.ts';
import { json } from '../support/app.ts';
import { createConnectedMerchant } from './support/payments.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { xeroSuite } from './support/xero-suite.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`Xero connection (${testDialect})`, () => {
  const suite = xeroSuite();
  const { connectXero, connectedMerchantWithInvoice, pay, job } = suite;

  it('connects through OAuth with a signed single-use state and keeps the tokens encrypted', async () => {
    const { t, xero, admin } = suite;
    const merchant = await createConnectedMerchant(t);
    const { start, done, state } = await connectXero(merchant.id, false);
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${xero.url}/identity/connect/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: xero.clientId,
      redirect_uri: 'http://127.0.0.1:8787/admin/accounting/callback',
    });
    // Xero's granular scopes: a Xero app created since 2 March 2026 is refused accounting.transactions.
    const scopes = url.searchParams.get('scope')!.split(' ');
    expect(scopes).toEqual([
      'offline_access',
      'accounting.invoices',
      'accounting.payments',
      'accounting.banktransactions',
      'accounting.settings.read',
      'accounting.contacts.read',
    ]);
    expect(scopes).not.toContain('accounting.transactions');
    expect(state).not.toContain(merchant.id);
    expect(done).toMatchObject({
      merchant_id: merchant.id,
      provider: 'xero',
      status: 'connected',
      tenant_id: xero.tenantId,
      tenant_name: xero.tenantName,
      granted_scopes: scopes,
      requested_scopes: scopes,
      payment_services: false,
    });
    const tokenCall = xero.requests.find(
      (r) => r.path === '/connect/token' && r.body.includes('authorization_code'),
    )!;
    expect(tokenCall.headers.authorization).toBe(
      `Basic ${Buffer.from(`${xero.clientId}:${xero.clientSecret}`).toString('base64')}`,
    );
    expect(new URLSearchParams(tokenCall.body).get('redirect_uri')).toBe(
      'http://127.0.0.1:8787/admin/accounting/callback',
    );

    const row = await t.deps.database.db
      .selectFrom('accounting_connections')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_enc).toMatch(/^v1\./);
    expect(row.access_token_enc).not.toContain('xa_');
    expect(row.refresh_token_enc).not.toContain('xr_');

    const replay = await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: xero.issueCode(), state },
      admin,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toBe(
      'This connection link has expired or was already used. Please start again.',
    );
    const forged = await json(
      t.app,
      'POST',
      '/api/admin/accounting/callback',
      { code: xero.issueCode(), state: `${state.split('.')[0]}.AAAA` },
      admin,
    );
    expect(forged.status).toBe(400);
    const got = await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/accounting`, undefined, admin);
    expect(got.body).toMatchObject({
      provider: 'xero',
      status: 'connected',
      payment_account_code: null,
      available: { xero: true, quickbooks: false },
    });
    const actions = (
      await t.deps.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', merchant.id)
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['accounting.connect_start', 'accounting.connect']));
  });

  it('asks for a reconnect when Xero no longer accepts the refresh token', async () => {
    const { t, xero, admin } = suite;
    const { merchant, invoice } = await connectedMerchantWithInvoice();
    const payment = await pay(merchant.id, invoice, 10000);
    xero.expireAccessTokens();
    xero.revokeRefreshTokens();
    await runOutboxOnce(t.deps);
    const j = await job(payment.id);
    expect(j.status).toBe('failed');
    expect(j.last_error).toMatch(/connect Xero again/);
    const got = await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/accounting`, undefined, admin);
    expect(got.body).toMatchObject({ status: 'reconnect_required' });
    expect(got.body.last_error).toMatch(/connect Xero again/);

    // Connecting again and retrying records it.
    await connectXero(merchant.id, false);
    const retried = await json(t.app, 'POST', `/api/admin/outbox/${j.id}/retry`, undefined, admin);
    expect(retried.body.status).toBe('delivered');
    expect(
      (await json(t.app, 'GET', `/api/admin/merchants/${merchant.id}/accounting`, undefined, admin)).body,
    ).toMatchObject({ status: 'connected', payment_account_code: '090' });
  });

  it('disconnects with the tokens revoked', async () => {
    const { t, xero, admin } = suite;
    const { merchant } = await connectedMerchantWithInvoice();
    const revocations = xero.requests.filter((r) => r.path === '/connect/revocation').length;
    const off = await json(
      t.app,
      'DELETE',
      `/api/admin/merchants/${merchant.id}/accounting`,
      undefined,
      admin,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ provider: null, status: 'not_connected' });
    expect(xero.requests.filter((r) => r.path === '/connect/revocation').length).toBe(revocations + 1);
    expect(
      await t.deps.database.db
        .selectFrom('accounting_connections')
        .select('id')
        .where('merchant_id', '=', merchant.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
