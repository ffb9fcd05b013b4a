/**
 * The sandbox provider's payments, as Stripe behaves: confirmation tokens made from test cards over
 * HTTP (what the widget's sandbox form does) with their payment-method preview, and intents created
 * and confirmed with them on the server (success, decline, 3-D Secure; a token is used once, on its
 * own account, before it expires); test cards with Stripe's outcomes, decline codes and messages;
 * non-test cards refused and card numbers never stored; the PaymentIntent state machine through the
 * browser routes Stripe.js uses (3-D Secure, cancel, retry after a decline; a canceled intent is
 * never confirmable); idempotency; refunds with the application fee returned; and the server-side
 * PaymentProvider view of the same intents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CreateIntentInput } from '../../api/ports/payment-provider.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';
import {
  authenticate,
  confirmIntent,
  createCard,
  payWithTestCard,
  sandboxDatabaseEnv,
  sandboxOf,
  TEST_CARDS,
} from '../support/sandbox.ts';

const skip = await skipPostgres();

const ACCOUNT = 'acct_sandboxMerchant1';
let seq = 0;
const intentInput = (over: Partial<CreateIntentInput> = {}): CreateIntentInput => ({
  amount: 10295,
  currency: 'aud',
  applicationFeeAmount: 129,
  connectedAccountId: ACCOUNT,
  description: 'Invoice: INV-100',
  metadata: { paymentId: `pay-${++seq}` },
  idempotencyKey: `key-${seq}`,
  ...over,
});

describe.skipIf(skip)(`sandbox payments over HTTP (${testDialect})`, () => {
  let t: TestApp;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const where = await sandboxDatabaseEnv();
    drop = where.drop;
    // Deliveries only when a test flushes: these tests look at the sandbox's own record.
    t = await createTestApp({ env: where.env, autoDeliverEvents: false });
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  const events = async (intentId: string) =>
    (
      await sandboxOf(t)
        .ctx.db.selectFrom('sandbox_events')
        .select(['type', 'payload'])
        .orderBy('seq')
        .execute()
    )
      .filter(
        (e) =>
          JSON.parse(e.payload).data.object.id === intentId ||
          JSON.parse(e.payload).data.object.payment_intent === intentId,
      )
      .map((e) => e.type);

  it('4242 succeeds: payment method from card details, confirm with the client secret, provider view agrees', async () => {
    const intent = await t.deps.payments.createIntent(intentInput({ receiptEmail: 'builder@example.com' }));
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const pm = await createCard(t.app, '4242 4242 4242 4242', ACCOUNT);
    expect(pm.status).toBe(200);
    expect(pm.body).toMatchObject({
      object: 'payment_method',
      type: 'card',
      livemode: false,
      card: { brand: 'visa', last4: '4242', funding: 'credit', country: 'US' },
    });
    expect(pm.body.id).toMatch(/^pm_/);
    expect(JSON.stringify(pm.body)).not.toContain('4242424242424242');

    const confirmed = await confirmIntent(t.app, intent.clientSecret, pm.body.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.paymentIntent).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      amount: 10295,
      currency: 'aud',
      payment_method: pm.body.id,
      livemode: false,
    });
    expect(confirmed.body.paymentIntent).not.toHaveProperty('metadata');
    expect(confirmed.body.paymentIntent).not.toHaveProperty('application_fee_amount');

    const server = await t.deps.payments.retrieveIntent(intent.id, ACCOUNT);
    expect(server).toMatchObject({
      status: 'succeeded',
      amount: 10295,
      applicationFeeAmount: 129,
      metadata: intent.metadata,
      card: { paymentMethodId: pm.body.id, brand: 'visa', last4: '4242', funding: 'credit', country: 'US' },
      lastError: null,
      amountRefunded: 0,
    });
    expect(await events(intent.id)).toEqual(['payment_intent.succeeded']);
  });

  const declines = [
    ['generic_decline', TEST_CARDS.genericDecline, 'card_declined', 'Your card was declined.'],
    [
      'insufficient_funds',
      TEST_CARDS.insufficientFunds,
      'card_declined',
      'Your card has insufficient funds.',
    ],
    ['lost_card', TEST_CARDS.lostCard, 'card_declined', 'Your card was declined.'],
    ['stolen_card', TEST_CARDS.stolenCard, 'card_declined', 'Your card was declined.'],
    ['expired_card', TEST_CARDS.expiredCard, 'expired_card', 'Your card has expired.'],
    ['incorrect_cvc', TEST_CARDS.incorrectCvc, 'incorrect_cvc', "Your card's security code is incorrect."],
    [
      'processing_error',
      TEST_CARDS.processingError,
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ] as const;

  it.each(declines)(
    '%s card is declined with Stripe’s code, decline code and message; another card then pays',
    async (declineCode, number, code, message) => {
      const intent = await t.deps.payments.createIntent(intentInput());
      const res = await payWithTestCard(t.app, intent.clientSecret, number, ACCOUNT);
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ type: 'card_error', code, decline_code: declineCode, message });
      expect(res.body.error.payment_intent).toMatchObject({
        id: intent.id,
        status: 'requires_payment_method',
        payment_method: null,
      });

      const server = await t.deps.payments.retrieveIntent(intent.id, ACCOUNT);
      expect(server.status).toBe('requires_payment_method');
      expect(server.lastError).toEqual({ type: 'card_error', code, declineCode, message });
      expect(server.card?.last4).toBe(number.slice(-4));

      const retry = await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.visa, ACCOUNT);
      expect(retry.status).toBe(200);
      expect(retry.body.paymentIntent.status).toBe('succeeded');
      expect((await t.deps.payments.retrieveIntent(intent.id, ACCOUNT)).lastError).toBeNull();
      expect(await events(intent.id)).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
    },
  );

  it('refuses card numbers that are not test cards, and checks the card details like Stripe', async () => {
    const before = await sandboxOf(t)
      .ctx.db.selectFrom('sandbox_payment_methods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const live = await createCard(t.app, '4111 1111 1111 1111');
    expect(live.status).toBe(402);
    expect(live.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
      message: 'Test mode: use a test card number',
      param: 'number',
    });

    const cases: [string, Parameters<typeof createCard>[3], string, string][] = [
      ['4242424242424241', {}, 'incorrect_number', 'Your card number is incorrect.'],
      ['4242', {}, 'incorrect_number', 'Your card number is incorrect.'],
      [
        TEST_CARDS.visa,
        { exp_month: 13 },
        'invalid_expiry_month',
        "Your card's expiration month is invalid.",
      ],
      [
        TEST_CARDS.visa,
        { exp_year: 2020 },
        'invalid_expiry_year',
        "Your card's expiration year is in the past.",
      ],
      [
        TEST_CARDS.visa,
        { exp_year: 2026, exp_month: 10 },
        'invalid_expiry_month',
        "Your card's expiration date is in the past.",
      ],
      [TEST_CARDS.visa, { cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
      [TEST_CARDS.amex, { cvc: '123' }, 'invalid_cvc', "Your card's security code is invalid."],
    ];
    for (const [number, card, code, message] of cases) {
      const res = await createCard(t.app, number, undefined, card);
      expect(res.status, `${number} ${JSON.stringify(card)}`).toBe(402);
      expect(res.body.error).toMatchObject({ type: 'card_error', code, message });
    }
    const after = await sandboxOf(t)
      .ctx.db.selectFrom('sandbox_payment_methods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('never stores a card number anywhere in its database', async () => {
    const intent = await t.deps.payments.createIntent(intentInput());
    await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.insufficientFunds, ACCOUNT);
    await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.mastercard, ACCOUNT);
    const db = sandboxOf(t).ctx.db;
    const dump = JSON.stringify([
      await db.selectFrom('sandbox_payment_methods').selectAll().execute(),
      await db.selectFrom('sandbox_payment_intents').selectAll().execute(),
      await db.selectFrom('sandbox_events').selectAll().execute(),
    ]);
    for (const number of Object.values(TEST_CARDS)) expect(dump).not.toContain(number);
  });

  const token = (number: string, account: string | null = ACCOUNT) =>
    json(t.app, 'POST', '/api/sandbox/confirmation_tokens', {
      payment_method_data: {
        type: 'card',
        card: { number, exp_month: 12, exp_year: 2034, cvc: number.startsWith('3') ? '1234' : '123' },
      },
      ...(account ? { stripe_account: account } : {}),
    });

  it('confirmation tokens preview brand, funding, country and wallet of the debit, prepaid and international cards', async () => {
    const expected = [
      [TEST_CARDS.visaDebit, { brand: 'visa', funding: 'debit', country: 'US', last4: '5556' }],
      [TEST_CARDS.prepaid, { brand: 'mastercard', funding: 'prepaid', country: 'US', last4: '5100' }],
      [TEST_CARDS.australia, { brand: 'visa', funding: 'credit', country: 'AU', last4: '0006' }],
      [TEST_CARDS.unitedKingdomDebit, { brand: 'visa', funding: 'debit', country: 'GB', last4: '0005' }],
      [TEST_CARDS.amex, { brand: 'amex', funding: 'credit', country: 'US', last4: '0005' }],
    ] as const;
    for (const [number, card] of expected) {
      const res = await token(number);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: 'confirmation_token',
        livemode: false,
        payment_intent: null,
        payment_method_preview: { type: 'card', card: { ...card, wallet: null } },
      });
      expect(res.body.id).toMatch(/^ctoken_/);
      expect(JSON.stringify(res.body)).not.toContain(number);
      expect(await t.deps.payments.retrieveConfirmationToken(res.body.id, ACCOUNT)).toEqual({
        id: res.body.id,
        type: 'card',
        card: { ...card, wallet: null },
        expiresAt: res.body.expires_at,
        paymentIntentId: null,
      });
    }
    // A token exists only on the account it was made for (direct charges); a bad card makes none.
    const mine = await token(TEST_CARDS.visa);
    await expect(
      t.deps.payments.retrieveConfirmationToken(mine.body.id, 'acct_otherMerchant2'),
    ).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
    expect((await token('4111 1111 1111 1111')).status).toBe(402);
    expect((await token(TEST_CARDS.visa, null)).status).toBe(400);
  });

  it('create with a token confirms on the server: succeeded, declined (intent kept), or 3-D Secure next', async () => {
    const ok = await token(TEST_CARDS.australia);
    const paid = await t.deps.payments.createIntent(
      intentInput({ confirmationToken: ok.body.id, returnUrl: 'http://127.0.0.1:8787/payment-complete' }),
    );
    expect(paid).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', funding: 'credit', country: 'AU', last4: '0006', wallet: null },
      lastError: null,
    });
    expect(await events(paid.id)).toEqual(['payment_intent.succeeded']);
    expect((await t.deps.payments.retrieveConfirmationToken(ok.body.id, ACCOUNT)).paymentIntentId).toBe(
      paid.id,
    );

    const bad = await token(TEST_CARDS.insufficientFunds);
    const declined = await t.deps.payments.createIntent(intentInput({ confirmationToken: bad.body.id }));
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: { type: 'card_error', code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    expect(await events(declined.id)).toEqual(['payment_intent.payment_failed']);
    // Cancelled (as our server does at once), the intent can never be confirmed by a browser again.
    expect((await t.deps.payments.cancelIntent(declined.id, ACCOUNT)).status).toBe('canceled');
    const late = await payWithTestCard(t.app, declined.clientSecret, TEST_CARDS.visa, ACCOUNT);
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });

    const secure = await token(TEST_CARDS.threeDSecure);
    const waiting = await t.deps.payments.createIntent(intentInput({ confirmationToken: secure.body.id }));
    expect(waiting.status).toBe('requires_action');
    expect((await authenticate(t.app, waiting.clientSecret, 'complete')).body.paymentIntent.status).toBe(
      'succeeded',
    );
  });

  it('a token is used once, on its own account, before it expires; a replay under the same key is the same intent', async () => {
    const tok = await token(TEST_CARDS.visa);
    const input = intentInput({ confirmationToken: tok.body.id });
    const first = await t.deps.payments.createIntent(input);
    expect((await t.deps.payments.createIntent(input)).id).toBe(first.id); // idempotent replay
    await expect(
      t.deps.payments.createIntent(intentInput({ confirmationToken: tok.body.id })),
    ).rejects.toMatchObject({
      code: 'confirmation_token_already_used',
      param: 'confirmation_token',
      statusCode: 400,
    });
    const foreign = await token(TEST_CARDS.visa, 'acct_otherMerchant2');
    await expect(
      t.deps.payments.createIntent(intentInput({ confirmationToken: foreign.body.id })),
    ).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'confirmation_token',
    });
    const stale = await token(TEST_CARDS.visa);
    t.clock.advance(15 * 60_000 + 1000);
    await expect(
      t.deps.payments.createIntent(intentInput({ confirmationToken: stale.body.id })),
    ).rejects.toMatchObject({
      code: 'confirmation_token_expired',
      param: 'confirmation_token',
    });
    // Nothing was created for the refused requests.
    const intents = await sandboxOf(t).ctx.db.selectFrom('sandbox_payment_intents').select('id').execute();
    expect(intents.map((i) => i.id)).toContain(first.id);
    expect(
      await sandboxOf(t)
        .ctx.db.selectFrom('sandbox_confirmation_tokens')
        .select('payment_intent_id')
        .where('id', '=', stale.body.id)
        .executeTakeFirst(),
    ).toEqual({ payment_intent_id: null });
  });

  it('registers payment method domains per account, with Apple Pay and Google Pay status', async () => {
    const d = await t.deps.payments.registerPaymentMethodDomain('Pay.Supplier.example', ACCOUNT);
    expect(d).toMatchObject({
      domain: 'pay.supplier.example',
      enabled: true,
      applePay: { status: 'active', error: null },
      googlePay: { status: 'active', error: null },
    });
    expect((await t.deps.payments.registerPaymentMethodDomain('pay.supplier.example', ACCOUNT)).id).toBe(
      d.id,
    );
    expect(
      (await t.deps.payments.registerPaymentMethodDomain('pay.supplier.example', 'acct_otherMerchant2')).id,
    ).not.toBe(d.id);
    const local = await t.deps.payments.registerPaymentMethodDomain('localhost', ACCOUNT);
    expect(local.applePay.status).toBe('inactive');
    expect(local.applePay.error).toContain('not a public domain name');
    expect((await t.deps.payments.validatePaymentMethodDomain(d.id, ACCOUNT)).applePay.status).toBe('active');
    await expect(
      t.deps.payments.validatePaymentMethodDomain(d.id, 'acct_otherMerchant2'),
    ).rejects.toMatchObject({
      code: 'resource_missing',
    });
  });

  it('an intent created with the payment method is confirmed without naming it again', async () => {
    const pm = await createCard(t.app, TEST_CARDS.australia, ACCOUNT);
    const intent = await t.deps.payments.createIntent(intentInput({ paymentMethodId: pm.body.id }));
    expect(intent.status).toBe('requires_confirmation');
    expect(intent.card).toMatchObject({ country: 'AU' });
    const res = await confirmIntent(t.app, intent.clientSecret);
    expect(res.body.paymentIntent.status).toBe('succeeded');
  });

  it('3-D Secure: requires_action, then completing it succeeds', async () => {
    const intent = await t.deps.payments.createIntent(intentInput());
    const res = await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.threeDSecure, ACCOUNT);
    expect(res.status).toBe(200);
    expect(res.body.paymentIntent.status).toBe('requires_action');
    expect(res.body.paymentIntent.next_action).toEqual({
      type: 'use_stripe_sdk',
      use_stripe_sdk: {
        type: 'sandbox_three_d_secure',
        authenticate_url: `http://127.0.0.1:8787/api/sandbox/payment_intents/${intent.id}/authenticate`,
      },
    });
    expect((await t.deps.payments.retrieveIntent(intent.id, ACCOUNT)).status).toBe('requires_action');
    const done = await authenticate(t.app, intent.clientSecret, 'complete');
    expect(done.status).toBe(200);
    expect(done.body.paymentIntent.status).toBe('succeeded');
    expect(await events(intent.id)).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded']);
    // Nothing left to authenticate.
    const again = await authenticate(t.app, intent.clientSecret, 'complete');
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('payment_intent_unexpected_state');
  });

  it('3-D Secure failed: the intent needs a new payment method, with Stripe’s authentication message', async () => {
    const intent = await t.deps.payments.createIntent(intentInput());
    await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.threeDSecure, ACCOUNT);
    const failed = await authenticate(t.app, intent.clientSecret, 'fail');
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      payment_intent: { status: 'requires_payment_method' },
    });
    expect((await t.deps.payments.retrieveIntent(intent.id, ACCOUNT)).status).toBe('requires_payment_method');
  });

  it('3-D Secure completed on a card that then declines: insufficient funds', async () => {
    const intent = await t.deps.payments.createIntent(intentInput());
    await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.threeDSecureThenInsufficientFunds, ACCOUNT);
    const res = await authenticate(t.app, intent.clientSecret, 'complete');
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('guards the browser routes: client secret, unknown intent, final states, foreign payment methods', async () => {
    const intent = await t.deps.payments.createIntent(intentInput());
    const pm = await createCard(t.app, TEST_CARDS.visa, ACCOUNT);
    const wrong = await confirmIntent(t.app, `${intent.id}_secret_wrong`, pm.body.id);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ type: 'invalid_request_error', param: 'client_secret' });
    expect((await confirmIntent(t.app, 'pi_doesnotexist_secret_x', pm.body.id)).status).toBe(404);
    expect(
      (await json(t.app, 'GET', `/api/sandbox/payment_intents/${intent.id}?client_secret=nope`)).status,
    ).toBe(400);
    expect(
      (
        await json(
          t.app,
          'GET',
          `/api/sandbox/payment_intents/${intent.id}?client_secret=${intent.clientSecret}`,
        )
      ).body.paymentIntent.status,
    ).toBe('requires_payment_method');

    const foreign = await createCard(t.app, TEST_CARDS.visa, 'acct_someoneElse1');
    const res = await confirmIntent(t.app, intent.clientSecret, foreign.body.id);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'resource_missing',
      message: `No such PaymentMethod: '${foreign.body.id}'`,
    });

    expect((await confirmIntent(t.app, intent.clientSecret, pm.body.id)).body.paymentIntent.status).toBe(
      'succeeded',
    );
    const twice = await confirmIntent(t.app, intent.clientSecret, pm.body.id);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message:
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    });
    // The server sees the intent only on its own connected account.
    await expect(t.deps.payments.retrieveIntent(intent.id, 'acct_someoneElse1')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('cancel: an open intent is canceled and cannot be confirmed; a succeeded one stays succeeded', async () => {
    const open = await t.deps.payments.createIntent(intentInput());
    expect((await t.deps.payments.cancelIntent(open.id, ACCOUNT)).status).toBe('canceled');
    const late = await payWithTestCard(t.app, open.clientSecret, TEST_CARDS.visa, ACCOUNT);
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('payment_intent_unexpected_state');
    expect(await events(open.id)).toEqual(['payment_intent.canceled']);

    const paid = await t.deps.payments.createIntent(intentInput());
    await payWithTestCard(t.app, paid.clientSecret, TEST_CARDS.visa, ACCOUNT);
    expect((await t.deps.payments.cancelIntent(paid.id, ACCOUNT)).status).toBe('succeeded');
  });

  it('a confirm racing a cancel ends in exactly one final state, with matching events', async () => {
    const intent = await t.deps.payments.createIntent(intentInput());
    const pm = await createCard(t.app, TEST_CARDS.visa, ACCOUNT);
    const [confirmed, canceled] = await Promise.all([
      confirmIntent(t.app, intent.clientSecret, pm.body.id),
      t.deps.payments.cancelIntent(intent.id, ACCOUNT),
    ]);
    const final = await t.deps.payments.retrieveIntent(intent.id, ACCOUNT);
    expect(['succeeded', 'canceled']).toContain(final.status);
    expect(canceled.status).toBe(final.status);
    expect(confirmed.status).toBe(final.status === 'succeeded' ? 200 : 400);
    expect(await events(intent.id)).toEqual(
      final.status === 'succeeded' ? ['payment_intent.succeeded'] : ['payment_intent.canceled'],
    );
  });

  it('idempotency keys: same key and body → same intent; same key, other body → idempotency_error', async () => {
    const input = intentInput();
    const first = await t.deps.payments.createIntent(input);
    const again = await t.deps.payments.createIntent(input);
    expect(again.id).toBe(first.id);
    await expect(t.deps.payments.createIntent({ ...input, amount: input.amount + 1 })).rejects.toMatchObject({
      type: 'idempotency_error',
      statusCode: 400,
    });
    // Keys are scoped to the connected account, as at Stripe.
    const other = await t.deps.payments.createIntent({ ...input, connectedAccountId: 'acct_otherMerchant2' });
    expect(other.id).not.toBe(first.id);
  });

  it('validates amounts, currency and the fee like Stripe', async () => {
    await expect(t.deps.payments.createIntent(intentInput({ amount: 49 }))).rejects.toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
    });
    await expect(t.deps.payments.createIntent(intentInput({ currency: 'xyz' }))).rejects.toMatchObject({
      param: 'currency',
    });
    await expect(
      t.deps.payments.createIntent(intentInput({ applicationFeeAmount: 20000 })),
    ).rejects.toMatchObject({ param: 'application_fee_amount' });
    const yen = await t.deps.payments.createIntent(
      intentInput({ amount: 50, currency: 'JPY', applicationFeeAmount: 1 }),
    );
    expect(yen).toMatchObject({ amount: 50, currency: 'jpy' });
  });

  it('refunds: partial then the rest, application fee returned pro rata, never more than was charged', async () => {
    const intent = await t.deps.payments.createIntent(
      intentInput({ amount: 10000, applicationFeeAmount: 125 }),
    );
    const refundOf = (amount: number, key: string) =>
      t.deps.payments.refund({
        paymentIntentId: intent.id,
        connectedAccountId: ACCOUNT,
        amount,
        refundApplicationFee: true,
        idempotencyKey: key,
        metadata: { refundId: key },
      });
    await expect(refundOf(1000, 'r-early')).rejects.toMatchObject({ code: 'charge_not_refundable' });
    await payWithTestCard(t.app, intent.clientSecret, TEST_CARDS.visa, ACCOUNT);

    const first = await refundOf(4000, 'r-1');
    expect(first).toMatchObject({ paymentIntentId: intent.id, amount: 4000, status: 'succeeded' });
    expect(first.id).toMatch(/^re_/);
    expect(await refundOf(4000, 'r-1')).toEqual(first); // same key: the same refund, not a second one
    await expect(refundOf(6001, 'r-2')).rejects.toMatchObject({ code: 'amount_too_large', statusCode: 400 });
    await refundOf(6000, 'r-3');
    await expect(refundOf(1, 'r-4')).rejects.toMatchObject({ code: 'charge_already_refunded' });

    expect((await t.deps.payments.retrieveIntent(intent.id, ACCOUNT)).amountRefunded).toBe(10000);
    const row = await sandboxOf(t)
      .ctx.db.selectFrom('sandbox_refunds')
      .select(['amount', 'application_fee_refunded'])
      .where('payment_intent_id', '=', intent.id)
      .orderBy('created')
      .orderBy('amount')
      .execute();
    expect(row).toEqual([
      { amount: 4000, application_fee_refunded: 50 },
      { amount: 6000, application_fee_refunded: 75 },
    ]);
    const refundEvents = await sandboxOf(t)
      .ctx.db.selectFrom('sandbox_events')
      .select('payload')
      .where('type', '=', 'charge.refunded')
      .execute();
    const amounts = refundEvents
      .map((e) => JSON.parse(e.payload).data.object)
      .filter((c) => c.payment_intent === intent.id)
      .map((c) => c.amount_refunded);
    expect(amounts).toEqual([4000, 10000]);
  });

  it('lists its routes in the OpenAPI document and answers cross-origin preflights', async () => {
    const doc = await json(t.app, 'GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/sandbox/test-cards',
        '/api/sandbox/payment_methods',
        '/api/sandbox/confirmation_tokens',
        '/api/sandbox/payment_intents/{id}',
        '/api/sandbox/payment_intents/{id}/confirm',
        '/api/sandbox/payment_intents/{id}/authenticate',
        '/api/sandbox/connect/consent',
      ]),
    );
    const pre = await t.app.request('/api/sandbox/payment_methods', {
      method: 'OPTIONS',
      headers: { origin: 'https://supplier.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const cards = await json(t.app, 'GET', '/api/sandbox/test-cards');
    expect(cards.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ number: TEST_CARDS.visa, brand: 'visa' })]),
    );
  });

  it('keeps its tables in its own database, not ours', async () => {
    const ours = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM payments`
      .execute(t.deps.database.db)
      .catch(() => null);
    expect(ours).not.toBeNull();
    const leaked = await sql`SELECT 1 FROM sandbox_payment_intents`.execute(t.deps.database.db).then(
      () => true,
      () => false,
    );
    expect(leaked).toBe(false);
  });
});
