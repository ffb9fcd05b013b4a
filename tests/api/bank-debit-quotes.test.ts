/**
 * Bank debit settings and pricing (issue 17): each merchant switches AU BECS Direct Debit on (AUD
 * invoices, Australian merchants), optionally from a minimum invoice amount, with its own surcharge
 * rule — a percentage with an optional cap, or none — which the quote applies and names like a card
 * rule. The same invoice is priced by the card rules for a card and by the bank debit rule for a bank
 * account; a quote no longer true (the rule changed, bank debit switched off) charges nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { adminHeaders } from '../support/auth.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import { BANK_ACCOUNTS, bankDebitMerchant, bankToken, paymentRow } from './support/bank-debit.ts';
import { cardToken, createPayment, openSession, quote, sandbox } from './support/payments.ts';

const skip = await skipPostgres();

describe.skipIf(skip)(`bank debit settings and quotes (${testDialect})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp({ autoDeliverEvents: false });
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function session(merchantId: string, amount?: string, currency = 'AUD') {
    const res = await openSession(t, { merchant: merchantId, invoice: `INV-BQ-${++seq}`, amount, currency });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it('keeps per-merchant settings: off by default, Australian merchants only, validated', async () => {
    const created = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Bricks Pty', name: 'Lee', email: 'lee@bricks.test' },
      admin,
    );
    expect(created.body).toMatchObject({
      becs_enabled: false,
      becs_minimum_amount: null,
      becs_surcharge_percentage: 0,
      becs_surcharge_cap: null,
    });
    const id = created.body.id;
    const put = (body: Record<string, unknown>) =>
      json(t.app, 'PUT', `/api/admin/merchants/${id}`, body, admin);
    const on = await put({
      becs_enabled: true,
      becs_minimum_amount: 500_000,
      becs_surcharge_percentage: '1',
      becs_surcharge_cap: 350,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({
      becs_enabled: true,
      becs_minimum_amount: 500_000,
      becs_surcharge_percentage: 1,
      becs_surcharge_cap: 350,
    });
    // BECS debits Australian accounts for Australian businesses.
    const moved = await put({ country: 'NZ' });
    expect([moved.status, moved.body.error.field]).toEqual([400, 'country']);
    expect((await put({ becs_surcharge_percentage: 6 })).status).toBe(400);
    expect((await put({ becs_surcharge_cap: -1 })).status).toBe(400);
    expect((await put({ becs_minimum_amount: 0 })).status).toBe(400);
    expect((await put({ becs_surcharge_cap: 3.5 })).status).toBe(400);
    // "No cap" and "any invoice" are null.
    expect((await put({ becs_surcharge_cap: null, becs_minimum_amount: null })).body).toMatchObject({
      becs_surcharge_cap: null,
      becs_minimum_amount: null,
    });
    const nz = await json(
      t.app,
      'POST',
      '/api/admin/merchants',
      { business_name: 'Kiwi Ltd', name: 'Ari', email: 'ari@kiwi.test', country: 'NZ', becs_enabled: true },
      admin,
    );
    expect([nz.status, nz.body.error.field]).toEqual([400, 'becs_enabled']);
  });

  it('prices one invoice by the card rule for a card and by the capped bank debit rule for a bank account', async () => {
    const m = await bankDebitMerchant(t, {
      surcharge_bps: 295,
      becs_surcharge_bps: 100,
      becs_surcharge_cap: 350,
    });
    const account = m.stripe_account_id!;
    const s = await session(m.id, '20000.00');
    expect(s.bankDebit).toEqual({
      offered: true,
      minimumAmount: null,
      surchargeBps: 100,
      surchargePercentage: 1,
      surchargeCap: 350,
      rule: 'bank debit: 1% capped at A$3.50',
    });
    const price = async (token: string, amount: number) =>
      (await quote(t, { paySessionId: s.paySessionId, amount, confirmationToken: token })).body;

    const card = await price(await cardToken(t, account), 2_000_000);
    expect(card.breakdown).toMatchObject({
      surcharge: 59_000,
      total: 2_059_000,
      surchargeBps: 295,
      surchargeCap: null,
    });
    expect(card.paymentMethod.label).toBe('Visa credit');

    const bank = await price(await bankToken(t, account), 2_000_000);
    expect(bank.paymentMethod).toMatchObject({
      type: 'au_becs_debit',
      label: 'Bank account (BECS Direct Debit)',
      last4: '3456',
    });
    expect(bank.breakdown).toMatchObject({
      amount: 2_000_000,
      surcharge: 350, // 1 % would be A$200.00
      total: 2_000_350,
      platformFee: 25_004,
      surchargeBps: 100,
      surchargeCap: 350,
      rule: 'bank debit: 1% capped at A$3.50',
    });
    // Under the cap the percentage applies.
    expect((await price(await bankToken(t, account), 20_000)).breakdown).toMatchObject({
      surcharge: 200,
      total: 20_200,
    });

    // Paying charges exactly the quoted bank debit total.
    const token = await bankToken(t, account);
    const q = await quote(t, { paySessionId: s.paySessionId, amount: 2_000_000, confirmationToken: token });
    const paid = await createPayment(t, {
      paySessionId: s.paySessionId,
      amount: 2_000_000,
      confirmationToken: token,
      quoteId: q.body.quoteId,
    });
    expect(paid.body).toMatchObject({ status: 'processing', surcharge: 350, total: 2_000_350 });
    expect(await paymentRow(t, paid.body.paymentId)).toMatchObject({
      method_type: 'au_becs_debit',
      surcharge_bps: 100,
      surcharge_rule: 'bank debit: 1% capped at A$3.50',
      card_brand: null,
    });
    const intent = await sandbox(t).retrieveIntent(paid.body.paymentIntentId, account);
    expect(intent).toMatchObject({ amount: 2_000_350, applicationFeeAmount: 25_004, status: 'processing' });
  });

  it('offers bank debit only when on, in AUD, from the minimum invoice amount, with the mandate accepted', async () => {
    const m = await bankDebitMerchant(t, { becs_minimum_amount: 500_000 });
    const account = m.stripe_account_id!;
    const refused = async (s: { paySessionId: string }, amount: number, token?: string) => {
      const res = await quote(t, {
        paySessionId: s.paySessionId,
        amount,
        confirmationToken: token ?? (await bankToken(t, account)),
        currency: (s as { invoice?: { currency: string } }).invoice?.currency.toLowerCase() ?? 'aud',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.error.message as string;
    };

    const small = await session(m.id, '1000.00'); // below the A$5,000.00 minimum
    expect(small.bankDebit).toMatchObject({ offered: false, minimumAmount: 500_000 });
    expect(await refused(small, 100_000)).toBe(
      "Bank debit isn't offered for this invoice. Please pay by card or contact the merchant.",
    );
    const big = await session(m.id, '12500.00');
    expect(big.bankDebit).toMatchObject({ offered: true });
    expect(
      (
        await quote(t, {
          paySessionId: big.paySessionId,
          amount: 100_000,
          confirmationToken: await bankToken(t, account),
        })
      ).status,
    ).toBe(200);
    // A link without an amount: the amount paid decides.
    const open = await session(m.id);
    expect(open.bankDebit).toMatchObject({ offered: null });
    expect(await refused(open, 100_000)).toContain("isn't offered");
    expect(
      (
        await quote(t, {
          paySessionId: open.paySessionId,
          amount: 600_000,
          confirmationToken: await bankToken(t, account),
        })
      ).status,
    ).toBe(200);

    // The customer must accept the Direct Debit Request.
    expect(
      await refused(big, 100_000, await bankToken(t, account, BANK_ACCOUNTS.succeeds, { mandate: false })),
    ).toBe('Please accept the Direct Debit Request service agreement to pay by bank debit.');
    // Another currency: not offered at all.
    const nzd = await session(m.id, '9000.00', 'NZD');
    expect(nzd.bankDebit).toBeNull();
    expect(await refused(nzd, 100_000)).toContain("isn't offered");
    // Switched off: gone from the page and refused.
    await json(t.app, 'PUT', `/api/admin/merchants/${m.id}`, { becs_enabled: false }, admin);
    const off = await session(m.id, '12500.00');
    expect(off.bankDebit).toBeNull();
    expect(await refused(off, 100_000)).toContain("isn't offered");
  });

  it('charges nothing when the quote no longer holds: a changed cap is a new quote; bank debit switched off is refused', async () => {
    const m = await bankDebitMerchant(t, { becs_surcharge_bps: 100, becs_surcharge_cap: 350 });
    const account = m.stripe_account_id!;
    const s = await session(m.id, '20000.00');
    const payWith = async (token: string, quoteId: string) =>
      createPayment(t, {
        paySessionId: s.paySessionId,
        amount: 2_000_000,
        confirmationToken: token,
        quoteId,
      });

    const token = await bankToken(t, account);
    const q = await quote(t, { paySessionId: s.paySessionId, amount: 2_000_000, confirmationToken: token });
    await json(t.app, 'PUT', `/api/admin/merchants/${m.id}`, { becs_surcharge_cap: 500 }, admin);
    const changed = await payWith(token, q.body.quoteId);
    expect(changed.status).toBe(409);
    expect(changed.body.quote.breakdown).toMatchObject({
      surcharge: 500,
      rule: 'bank debit: 1% capped at A$5.00',
    });

    await json(t.app, 'PUT', `/api/admin/merchants/${m.id}`, { becs_enabled: false }, admin);
    const off = await payWith(token, changed.body.quote.quoteId);
    expect(off.status).toBe(422);
    const held = await t.deps.database.db
      .selectFrom('payments')
      .select('id')
      .where('merchant_id', '=', m.id)
      .execute();
    expect(held).toEqual([]);
  });
});
