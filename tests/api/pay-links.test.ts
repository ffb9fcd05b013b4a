/**
 * Signed pay links (POST /api/v1/pay-links): the hosted URL carries an HMAC, so a link whose amount
 * (or invoice, or currency) was changed is refused, as is a forged signature; an expired or canceled
 * link says so; and the link's amount is a credible observation from the start (DESIGN §3.3): before
 * anyone pays, it caps what a typed link can take, and a payment through it is made against that
 * same credible observation. The short link redirects to the signed URL; Idempotency-Key returns the
 * same link on a retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTERED_LINK_MESSAGE } from '../../api/pay-links/session.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { emailsTo } from './support/bank-debit.ts';
import { ledgerPage } from './support/ledger.ts';
import { createConnectedMerchant, openSession } from './support/payments.ts';
import { createKey, partsOf, payThroughSignedLink, type MadeKey } from './support/v1.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`signed pay links (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  let merchant: { id: string; business_name: string };
  let key: MadeKey;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminHeaders(t);
    merchant = await createConnectedMerchant(t, { business_name: 'Harbour Timber' });
    key = await createKey(t, admin, { merchant_id: merchant.id });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function makeLink(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const res = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { invoice_number: `INV-${++n}`, amount: 100000, currency: 'AUD', ...body },
      { ...key.headers, ...headers },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  it('answers with the signed /pay URL and a short link; the page opens with the signed amount', async () => {
    const link = await makeLink({ reference: 'ORDER-1', customer_email: 'Accounts@Builder.example' });
    expect(link).toMatchObject({
      object: 'pay_link',
      amount: 100000,
      currency: 'AUD',
      reference: 'ORDER-1',
      status: 'active',
    });
    expect(link.customer_email).toBe('accounts@builder.example');
    expect(link.url).toMatch(
      /^http:\/\/127\.0\.0\.1:8787\/pay\/pl_[0-9a-f]{32}\.[A-Za-z0-9_-]{32}\?invoice=INV-\d+&amount=1000\.00&currency=AUD$/,
    );
    const session = await openSession(t, partsOf(link.url));
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.merchant.id).toBe(merchant.id);
    expect(session.body.invoice).toMatchObject({ linkAmount: 100000, balance: 100000, state: 'open' });
    const short = await t.app.request(new URL(link.short_url).pathname);
    expect(short.status).toBe(302);
    expect(short.headers.get('location')).toBe(link.url);
    expect((await t.app.request('/l/NOSUCHCODE')).status).toBe(404);
  });

  it('refuses a link whose amount, invoice or currency was changed, and a forged signature', async () => {
    const link = await makeLink();
    const parts = partsOf(link.url);
    const tampered = [
      { ...parts, amount: '10.00' },
      { ...parts, amount: '1,000.01' },
      { ...parts, amount: undefined },
      { ...parts, invoice: 'INV-OTHER' },
      { ...parts, currency: 'NZD' },
      { ...parts, merchant: parts.merchant.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...parts, merchant: `pl_${'0'.repeat(32)}.${'A'.repeat(32)}` },
    ];
    for (const q of tampered) {
      const res = await openSession(t, q as typeof parts);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.error.message).toBe(ALTERED_LINK_MESSAGE);
    }
    // The same link written the way accounting tools write amounts and invoice numbers still opens.
    expect(
      (await openSession(t, { ...parts, amount: '1,000.00', invoice: ` ${parts.invoice.toLowerCase()}` }))
        .status,
    ).toBe(200);
  });

  it('says so for an expired link and a canceled one', async () => {
    const expires = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const link = await makeLink({ expires_at: expires });
    expect((await openSession(t, partsOf(link.url))).status).toBe(200);
    t.clock.advance(3_600_000);
    const expired = await openSession(t, partsOf(link.url));
    expect(expired.status).toBe(410);
    expect(expired.body.error).toMatchObject({ code: 'gone' });
    expect(expired.body.error.message).toMatch(
      /^This payment link expired on Nov 22, 2026\. Please ask Harbour Timber for a new one/,
    );
    expect(
      (await json(t.app, 'GET', `/api/v1/pay-links/${link.id}`, undefined, key.headers)).body.status,
    ).toBe('expired');

    const other = await makeLink();
    expect((await openSession(t, partsOf(other.url))).status).toBe(200); // (rendered, and cached)
    const canceled = await json(
      t.app,
      'POST',
      `/api/v1/pay-links/${other.id}/cancel`,
      undefined,
      key.headers,
    );
    expect(canceled.body.status).toBe('canceled');
    const refused = await openSession(t, partsOf(other.url));
    expect(refused.status).toBe(410);
    expect(refused.body.error.message).toBe(
      'This payment link was canceled. Please ask Harbour Timber for a new one.',
    );
    expect(
      (
        await json(
          t.app,
          'POST',
          '/api/v1/pay-links',
          { invoice_number: 'X', amount: 100, currency: 'AUD', expires_at: '2020-01-01T00:00:00Z' },
          key.headers,
        )
      ).status,
    ).toBe(400);
  });

  it('is a credible observation from the start: it caps other links before any payment, and a payment through it is against it', async () => {
    const link = await makeLink({ amount: 40000 });
    const invoice = link.invoice_id as string;
    admin = await adminHeaders(t); // (a fresh token: an earlier test moved the clock)
    let ledger = await ledgerPage(t, admin, invoice);
    expect(ledger.observations).toHaveLength(1);
    expect(ledger.observations[0]).toMatchObject({ amount: 40000, credible: true, dismissed: false });
    // Before anyone paid, a typed link asking more is capped at the signed amount.
    const typed = await openSession(t, {
      merchant: merchant.id,
      invoice: link.invoice_number,
      amount: '999.00',
    });
    expect(typed.body.invoice).toMatchObject({ balance: 40000, cappedFrom: 99900 });

    const paymentId = await payThroughSignedLink(t, link.url, 15000);
    const payment = await t.deps.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.observation_id).toBe(ledger.observations[0].id);
    ledger = await ledgerPage(t, admin, invoice);
    expect(ledger.observations.filter((o: { credible: boolean }) => o.credible)).toHaveLength(1);
    const after = await openSession(t, partsOf(link.url));
    expect(after.body.invoice.balance).toBe(25000);
    const v1 = await json(t.app, 'GET', `/api/v1/payments/${paymentId}`, undefined, key.headers);
    expect(v1.body).toMatchObject({ pay_link_id: link.id, reference: null, amount: 15000 });
  });

  it('cancelling a link nobody paid through takes its amount out of the ledger', async () => {
    const link = await makeLink({ amount: 5000 });
    const typedBefore = await openSession(t, {
      merchant: merchant.id,
      invoice: link.invoice_number,
      amount: '500.00',
    });
    expect(typedBefore.body.invoice.balance).toBe(5000);
    await json(t.app, 'POST', `/api/v1/pay-links/${link.id}/cancel`, undefined, key.headers);
    const typedAfter = await openSession(t, {
      merchant: merchant.id,
      invoice: link.invoice_number,
      amount: '500.00',
    });
    expect(typedAfter.body.invoice.balance).toBe(50000);
  });

  it('returns the same link for a retry with the same Idempotency-Key, and refuses the key with another body', async () => {
    const headers = { 'idempotency-key': 'create-link-1' };
    const first = await makeLink({ invoice_number: 'INV-IDEM', amount: 7000 }, headers);
    const again = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { invoice_number: 'INV-IDEM', amount: 7000, currency: 'AUD' },
      { ...key.headers, ...headers },
    );
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await json(
      t.app,
      'POST',
      '/api/v1/pay-links',
      { invoice_number: 'INV-IDEM', amount: 8000, currency: 'AUD' },
      { ...key.headers, ...headers },
    );
    expect(other.status).toBe(409);
    const links = await json(
      t.app,
      'GET',
      '/api/v1/pay-links?invoice_number=inv-idem',
      undefined,
      key.headers,
    );
    expect(links.body.data.map((l: { id: string }) => l.id)).toEqual([first.id]);
  });

  it('refuses an amount below the card minimum, an unknown currency and unknown fields', async () => {
    const post = (body: Record<string, unknown>) =>
      json(
        t.app,
        'POST',
        '/api/v1/pay-links',
        { invoice_number: 'INV-V', amount: 5000, currency: 'AUD', ...body },
        key.headers,
      );
    expect((await post({ amount: 49 })).body.error).toMatchObject({
      field: 'amount',
      message: expect.stringContaining('A$0.50'),
    });
    expect((await post({ currency: 'XYZ' })).body.error.field).toBe('currency');
    expect((await post({ amount_due: 5 })).body.error).toMatchObject({
      field: 'amount_due',
      message: 'Unknown field: amount_due',
    });
  });

  it('a link made in the console with a customer email is mailed to it, unless unticked (issue 50 item 5)', async () => {
    const make = (body: Record<string, unknown>) =>
      json(
        t.app,
        'POST',
        '/api/admin/pay-links',
        { merchant_id: merchant.id, amount: 125050, currency: 'AUD', ...body },
        admin,
      );
    const sent = await make({ invoice_number: 'INV-MAIL-1', customer_email: 'Pay@Builder-Mail.example' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.emailed_to).toBe('pay@builder-mail.example');
    const mails = await emailsTo(t, 'pay@builder-mail.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'pay_link',
      subject: 'Harbour Timber: invoice INV-MAIL-1, A$1,250.50 to pay',
    });
    expect(mails[0].text_body).toContain('Harbour Timber asks you to pay invoice INV-MAIL-1: A$1,250.50.');
    expect(mails[0].text_body).toContain(`Pay invoice INV-MAIL-1: ${sent.body.short_url}`);

    const kept = await make({
      invoice_number: 'INV-MAIL-2',
      customer_email: 'quiet@builder-mail.example',
      send_email: false,
    });
    expect(kept.status).toBe(201);
    expect(kept.body.emailed_to).toBeNull();
    expect(kept.body.customer_email).toBe('quiet@builder-mail.example');
    expect(await emailsTo(t, 'quiet@builder-mail.example')).toHaveLength(0);

    const none = await make({ invoice_number: 'INV-MAIL-3' });
    expect(none.body.emailed_to).toBeNull();
  });
});
