/**
 * AU BECS Direct Debit on the stripe provider (issue 17), against the local fake of Stripe: the
 * confirmation token's `au_becs_debit` preview and mandate, the create-and-confirm request naming
 * the bank debit in `allowed_payment_method_types` (API 2026-10-28: naming the types keeps automatic
 * payment methods off), no `receipt_email` (our receipt goes when it clears), the `processing` answer
 * with the bank account and mandate from the expanded charge, and the events Stripe sends —
 * `payment_intent.processing`, then `succeeded` or `payment_failed`, and `charge.dispute.created` —
 * applied through our webhook route to the ledger.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { createPaymentProvider } from '../../api/payment-providers.ts';
import type { StripeProvider } from '../../api/payments/providers/stripe.ts';
import { createTestApp, json, TestClock, testConfig } from '../support/app.ts';
import { skipPostgres } from '../support/db.ts';
import { startFakeStripe, stripeEventSigner, type FakeStripe } from '../support/fake-stripe.ts';
import { createConnectedMerchant, invoiceRow, openSession } from './support/payments.ts';
import { emailsTo } from './support/bank-debit.ts';

const skip = await skipPostgres();
const SECRET = 'whsec_platform_becs';
const ACCOUNT = 'acct_1BecsMerchant';
const BANK = { bsb: '000000', last4: '3456', email: 'jordan@builders.test', name: 'Jordan Builder' };

describe.skipIf(skip)('stripe provider: AU BECS Direct Debit', () => {
  let fake: FakeStripe;
  let provider: StripeProvider;
  const clock = new TestClock();
  const env = () => ({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_becs123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_becs123',
    STRIPE_API_BASE: fake.url,
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  const signed = stripeEventSigner(SECRET, ACCOUNT, clock);
  const input = (token: string, types?: string[]) => ({
    amount: 500_350,
    currency: 'aud',
    applicationFeeAmount: 6254,
    connectedAccountId: ACCOUNT,
    description: 'Invoice: INV-B1',
    metadata: { paymentId: 'pay-b1' },
    idempotencyKey: `create-${crypto.randomUUID()}`,
    confirmationToken: token,
    returnUrl: 'http://127.0.0.1:8787/payment-complete',
    receiptEmail: null,
    paymentMethodTypes: types,
  });

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = (await createPaymentProvider(testConfig(env()), {
      logger: createLogger('silent'),
      clock,
      deliver: async () => 500,
    })) as StripeProvider;
  });
  afterAll(async () => {
    await provider?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());
  // Every call on an intent is addressed to the connected account it lives on (issue 49 item 11).
  afterEach(() => expect(fake.intentCallsOffAccount()).toEqual([]));

  it("reads a bank account's token: its au_becs_debit preview, the payer's email and the accepted mandate", async () => {
    const token = fake.addConfirmationToken({ account: ACCOUNT, bank: BANK });
    expect(await provider.retrieveConfirmationToken(token, ACCOUNT)).toMatchObject({
      type: 'au_becs_debit',
      card: null,
      bankAccount: { bsb: '000000', last4: '3456' },
      billingEmail: 'jordan@builders.test',
      mandateAccepted: true,
    });
    const bare = fake.addConfirmationToken({ account: ACCOUNT, bank: BANK, mandate: false });
    expect((await provider.retrieveConfirmationToken(bare, ACCOUNT)).mandateAccepted).toBe(false);
  });

  it('creates and confirms the debit allowing au_becs_debit only: processing, with the bank account and mandate', async () => {
    const token = fake.addConfirmationToken({ account: ACCOUNT, bank: BANK });
    const intent = await provider.createIntent(input(token, ['au_becs_debit']));
    const [req] = fake.find('POST', '/v1/payment_intents');
    expect(req.form).toMatchObject({
      'allowed_payment_method_types[0]': 'au_becs_debit',
      confirm: 'true',
      confirmation_token: token,
      'expand[0]': 'payment_method',
      'expand[1]': 'latest_charge',
    });
    expect(req.form['allowed_payment_method_types[1]']).toBeUndefined();
    expect(req.form.receipt_email).toBeUndefined();
    expect(req.headers['stripe-account']).toBe(ACCOUNT);
    expect(intent).toMatchObject({
      status: 'processing',
      card: null,
      bankAccount: { bsb: '000000', last4: '3456', mandate: expect.stringMatching(/^mandate_/) },
      billingEmail: 'jordan@builders.test',
    });
  });

  it('is refused by Stripe when the intent allows cards only, or without the mandate', async () => {
    const cardsOnly = fake.addConfirmationToken({ account: ACCOUNT, bank: BANK });
    await expect(provider.createIntent(input(cardsOnly))).rejects.toMatchObject({
      code: 'payment_intent_incompatible_payment_method',
      statusCode: 400,
    });
    const noMandate = fake.addConfirmationToken({ account: ACCOUNT, bank: BANK, mandate: false });
    await expect(provider.createIntent(input(noMandate, ['au_becs_debit']))).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'mandate_data',
    });
  });

  it('maps the processing, succeeded and payment_failed events of a bank debit, and its dispute', () => {
    const pi = {
      id: 'pi_becs1',
      object: 'payment_intent',
      amount: 500_350,
      currency: 'aud',
      created: 1_790_000_000,
      metadata: { paymentId: 'pay-b1' },
      payment_method: 'pm_becs1',
      latest_charge: 'py_becs1',
      last_payment_error: null,
    };
    for (const [type, status] of [
      ['payment_intent.processing', 'processing'],
      ['payment_intent.succeeded', 'succeeded'],
    ] as const) {
      const e = signed(type, { ...pi, status });
      expect(provider.parseWebhook(e.payload, e.header).action).toMatchObject({
        kind: 'intent_updated',
        intent: { id: 'pi_becs1', status, paymentMethodId: 'pm_becs1' },
      });
    }
    const failed = signed('payment_intent.payment_failed', {
      ...pi,
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        type: 'card_error',
        code: 'insufficient_funds',
        message: "The customer's account has insufficient funds to cover this payment.",
        payment_method: {
          id: 'pm_becs1',
          type: 'au_becs_debit',
          au_becs_debit: { bsb_number: '000000', last4: '1116' },
        },
      },
    });
    expect(provider.parseWebhook(failed.payload, failed.header).action).toMatchObject({
      intent: {
        status: 'requires_payment_method',
        lastError: { code: 'insufficient_funds' },
        bankAccount: { last4: '1116' },
      },
    });
    const dispute = signed('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      amount: 500_350,
      currency: 'aud',
      charge: 'py_becs1',
      payment_intent: 'pi_becs1',
      reason: 'debit_not_authorized',
      status: 'needs_response',
      evidence_details: { due_by: 1_790_600_000 },
    });
    expect(provider.parseWebhook(dispute.payload, dispute.header).action).toEqual({
      kind: 'dispute_updated',
      dispute: {
        id: 'dp_1',
        paymentIntentId: 'pi_becs1',
        chargeId: 'py_becs1',
        amount: 500_350,
        currency: 'aud',
        reason: 'debit_not_authorized',
        status: 'needs_response',
        evidenceDueBy: 1_790_600_000,
      },
    });
  });

  it('through the API: quoted by the bank debit rule, processing until Stripe says succeeded, then disputed', async () => {
    const t = await createTestApp({ env: env() });
    try {
      const m = await createConnectedMerchant(t, { stripe_account_id: ACCOUNT });
      await t.deps.database.db
        .updateTable('merchants')
        .set({ becs_enabled: 1, becs_surcharge_bps: 100, becs_surcharge_cap: 350 })
        .where('id', '=', m.id)
        .execute();
      const s = (await openSession(t, { merchant: m.id, invoice: 'INV-B1', amount: '5000.00' })).body;
      const token = fake.addConfirmationToken({ account: ACCOUNT, bank: BANK });
      const q = await json(t.app, 'POST', '/api/payments/quote', {
        amount: 500_000,
        currency: 'aud',
        paySessionId: s.paySessionId,
        confirmationToken: token,
      });
      expect(q.body.breakdown).toMatchObject({
        surcharge: 350,
        total: 500_350,
        rule: 'bank debit: 1% capped at A$3.50',
      });
      const res = await json(
        t.app,
        'POST',
        '/api/payments/create-payment-intent',
        {
          amount: 500_000,
          currency: 'aud',
          paySessionId: s.paySessionId,
          confirmationToken: token,
          quoteId: q.body.quoteId,
        },
        { 'idempotency-key': `k-${crypto.randomUUID()}` },
      );
      expect(res.body).toMatchObject({ status: 'processing', method: 'au_becs_debit', clientSecret: null });
      const [create] = fake.find('POST', '/v1/payment_intents');
      expect(create.form).toMatchObject({
        amount: '500350',
        'allowed_payment_method_types[0]': 'au_becs_debit',
      });
      const row = await t.deps.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', res.body.paymentId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        bank_bsb: '000000',
        bank_last4: '3456',
        customer_email: 'jordan@builders.test',
      });
      expect(row.mandate_reference).toMatch(/^mandate_/);
      expect(await invoiceRow(t, m.id, 'INV-B1')).toMatchObject({ reserved_amount: 500_000, paid_amount: 0 });

      const post = (e: { payload: string; header: string }) =>
        t.app.request('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
          body: e.payload,
        });
      const pi: Record<string, unknown> = {
        ...fake.intents.get(res.body.paymentIntentId)!,
        status: 'succeeded',
      };
      expect((await post(signed('payment_intent.succeeded', pi))).status).toBe(200);
      expect(await invoiceRow(t, m.id, 'INV-B1')).toMatchObject({ reserved_amount: 0, paid_amount: 500_000 });
      const receipt = await emailsTo(t, 'jordan@builders.test');
      expect(receipt.map((e) => [e.kind, e.to_address])).toEqual([['debit_cleared', 'jordan@builders.test']]);

      const dispute = {
        id: 'dp_api1',
        object: 'dispute',
        amount: 500_350,
        currency: 'aud',
        charge: pi.latest_charge,
        payment_intent: pi.id,
        reason: 'debit_not_authorized',
        status: 'needs_response',
      };
      expect((await post(signed('charge.dispute.created', dispute))).status).toBe(200);
      expect((await post(signed('charge.dispute.closed', { ...dispute, status: 'lost' }))).status).toBe(200);
      const disputes = await t.deps.database.db.selectFrom('payment_disputes').selectAll().execute();
      expect(disputes).toMatchObject([
        { provider_dispute_id: 'dp_api1', status: 'lost', payment_id: row.id },
      ]);
      expect(
        await t.deps.database.db
          .selectFrom('payments')
          .select('dispute_status')
          .where('id', '=', row.id)
          .executeTakeFirst(),
      ).toEqual({ dispute_status: 'lost' });
    } finally {
      await t.close();
    }
  });
});
