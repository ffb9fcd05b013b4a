/**
 * PayTo on the stripe provider (issue 34), against the local fake of Stripe: the confirmation
 * token's `payto` preview (a PayID, or a BSB and account), the create-and-confirm request naming
 * `payto` alone in `allowed_payment_method_types` with no `receipt_email` (our receipt goes when it
 * is paid), the answer waiting for the customer's approval, and through our API and webhook route:
 * held for the approval window, then `payment_intent.processing` and `succeeded` — the agreement
 * (mandate) read from the expanded charge once it exists — or a decline that releases the hold.
 * A PayTo intent Stripe reports as `processing` while the customer approves is held until its final
 * word, as a bank debit is.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { createPaymentProvider } from '../../api/payment-providers.ts';
import type { StripeProvider } from '../../api/payments/providers/stripe.ts';
import { createTestApp, json, TestClock, testConfig } from '../support/app.ts';
import { skipPostgres } from '../support/db.ts';
import {
  approvePayTo,
  payToDetails,
  startFakeStripe,
  stripeEventSigner,
  type FakeStripe,
} from '../support/fake-stripe.ts';
import { createConnectedMerchant, invoiceRow, openSession } from './support/payments.ts';

const skip = await skipPostgres();
const SECRET = 'whsec_platform_payto';
const ACCOUNT = 'acct_1PayToMerchant';
const PAYID = { payId: 'jordan@builders.test', name: 'Jordan Builder' };

describe.skipIf(skip)('stripe provider: PayTo', () => {
  let fake: FakeStripe;
  let provider: StripeProvider;
  const clock = new TestClock();
  const env = () => ({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_payto123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_payto123',
    STRIPE_API_BASE: fake.url,
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  const signed = stripeEventSigner(SECRET, ACCOUNT, clock);

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

  it("reads a PayTo token's preview: the PayID, or the BSB and account", async () => {
    const byPayId = fake.addConfirmationToken({ account: ACCOUNT, payto: PAYID });
    expect(await provider.retrieveConfirmationToken(byPayId, ACCOUNT)).toMatchObject({
      type: 'payto',
      card: null,
      bankAccount: { bsb: null, last4: null, payId: 'jordan@builders.test' },
    });
    const byAccount = fake.addConfirmationToken({
      account: ACCOUNT,
      payto: { bsb: '062000', last4: '4567' },
    });
    expect(await provider.retrieveConfirmationToken(byAccount, ACCOUNT)).toMatchObject({
      type: 'payto',
      bankAccount: { bsb: '062000', last4: '4567', payId: null },
    });
  });

  it('through the API: payto alone allowed, held while the customer approves, then paid with its mandate', async () => {
    const t = await createTestApp({ env: env() });
    try {
      const m = await createConnectedMerchant(t, { stripe_account_id: ACCOUNT });
      await t.deps.database.db
        .updateTable('merchants')
        .set({ payto_enabled: 1 })
        .where('id', '=', m.id)
        .execute();
      const s = (await openSession(t, { merchant: m.id, invoice: 'INV-P1', amount: '30000.00' })).body;
      expect(s.payTo).toMatchObject({ offered: true, rule: 'PayTo: no surcharge' });
      const token = fake.addConfirmationToken({ account: ACCOUNT, payto: PAYID });
      const where = { amount: 3_000_000, currency: 'aud', paySessionId: s.paySessionId };
      const q = await json(t.app, 'POST', '/api/payments/quote', { ...where, confirmationToken: token });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      expect(q.body.breakdown).toMatchObject({ surcharge: 0, total: 3_000_000 });
      const res = await json(
        t.app,
        'POST',
        '/api/payments/create-payment-intent',
        {
          ...where,
          confirmationToken: token,
          quoteId: q.body.quoteId,
          customerEmail: 'jordan@builders.test',
        },
        { 'idempotency-key': `k-${crypto.randomUUID()}` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ status: 'requires_action', method: 'payto', clientSecret: null });
      expect(res.body.approvalExpiresAt).not.toBeNull();

      const [create] = fake.find('POST', '/v1/payment_intents');
      expect(create.form).toMatchObject({
        amount: '3000000',
        confirm: 'true',
        confirmation_token: token,
        'allowed_payment_method_types[0]': 'payto',
      });
      expect(create.form['allowed_payment_method_types[1]']).toBeUndefined();
      expect(create.form.receipt_email).toBeUndefined();
      expect(create.headers['stripe-account']).toBe(ACCOUNT);
      const row = () =>
        t.deps.database.db
          .selectFrom('payments')
          .selectAll()
          .where('id', '=', res.body.paymentId)
          .executeTakeFirstOrThrow();
      expect(await row()).toMatchObject({ payto_pay_id: 'j***@builders.test', status: 'requires_action' });
      expect(await invoiceRow(t, m.id, 'INV-P1')).toMatchObject({ reserved_amount: 3_000_000 });

      // The customer approves in their bank: Stripe's charge appears, and its events follow.
      const pi = approvePayTo(fake, res.body.paymentIntentId, PAYID, 'mandate_P1');
      const post = (e: { payload: string; header: string }) =>
        t.app.request('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
          body: e.payload,
        });
      const event = { ...pi };
      expect(
        (await post(signed('payment_intent.processing', { ...event, status: 'processing' }))).status,
      ).toBe(200);
      expect((await row()).status).toBe('processing');
      expect((await post(signed('payment_intent.succeeded', event))).status).toBe(200);
      // The event does not expand the charge: the server reads the agreement from Stripe once.
      expect(await row()).toMatchObject({ status: 'succeeded', mandate_reference: 'mandate_P1' });
      expect(fake.find('GET', new RegExp(`/v1/payment_intents/${pi.id}`)).length).toBeGreaterThan(0);
      expect(await invoiceRow(t, m.id, 'INV-P1')).toMatchObject({
        reserved_amount: 0,
        paid_amount: 3_000_000,
      });
    } finally {
      await t.close();
    }
  });

  it('a PayTo intent Stripe reports as processing while the customer approves is held until its final word', async () => {
    const t = await createTestApp({ env: env() });
    try {
      const m = await createConnectedMerchant(t, { stripe_account_id: ACCOUNT });
      await t.deps.database.db
        .updateTable('merchants')
        .set({ payto_enabled: 1 })
        .where('id', '=', m.id)
        .execute();
      const s = (await openSession(t, { merchant: m.id, invoice: 'INV-P2', amount: '900.00' })).body;
      const token = fake.addConfirmationToken({ account: ACCOUNT, payto: PAYID });
      // This account's Stripe answers `processing` at once.
      fake.on('POST', '/v1/payment_intents', (req) => {
        const id = `pi_payto_processing`;
        const pi = {
          id,
          object: 'payment_intent',
          amount: Number(req.form.amount),
          currency: 'aud',
          status: 'processing',
          client_secret: `${id}_secret_x`,
          created: 1_790_000_000,
          metadata: { paymentId: req.form['metadata[paymentId]'] },
          payment_method: {
            id: 'pm_p2',
            object: 'payment_method',
            type: 'payto',
            payto: payToDetails(PAYID),
          },
          latest_charge: null,
          last_payment_error: null,
          application_fee_amount: Number(req.form.application_fee_amount),
        };
        fake.intents.set(id, pi);
        return { status: 200, body: pi };
      });
      const where = { amount: 90_000, currency: 'aud', paySessionId: s.paySessionId };
      const q = await json(t.app, 'POST', '/api/payments/quote', { ...where, confirmationToken: token });
      const res = await json(
        t.app,
        'POST',
        '/api/payments/create-payment-intent',
        { ...where, confirmationToken: token, quoteId: q.body.quoteId },
        { 'idempotency-key': `k-${crypto.randomUUID()}` },
      );
      expect(res.body).toMatchObject({ status: 'processing', method: 'payto', approvalExpiresAt: null });
      const payment = await t.deps.database.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', res.body.paymentId)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ status: 'processing', reserved_until: null, clears_by: null });
      expect(await invoiceRow(t, m.id, 'INV-P2')).toMatchObject({ reserved_amount: 90_000 });
    } finally {
      await t.close();
    }
  });
});
