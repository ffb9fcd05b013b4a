/**
 * Contract tests of the stripe provider: the real `stripe` SDK talks to a local fake of Stripe
 * (tests/support/fake-stripe.ts, via STRIPE_API_BASE); we assert what reaches the wire (method,
 * path, Stripe-Account / Idempotency-Key / Authorization headers, form parameters) and how Stripe's
 * answers, errors included, come back through the PaymentProvider interface.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createLogger } from '../../api/logger.ts';
import { createPaymentProvider } from '../../api/payment-providers.ts';
import { ProviderRequestError, WebhookSignatureError } from '../../api/ports/payment-provider.ts';
import { StripeProvider } from '../../api/payments/providers/stripe.ts';
import { createTestApp, json, TestClock, testConfig } from '../support/app.ts';
import { skipPostgres } from '../support/db.ts';
import {
  startFakeStripe,
  stripeError,
  stripeEventSigner,
  type FakeCard,
  type FakeOutcome,
  type FakeStripe,
} from '../support/fake-stripe.ts';
import { createConnectedMerchant, openSession } from './support/payments.ts';

const skip = await skipPostgres();

const SECRET_KEY = 'sk_test_contract123';
const PLATFORM_SECRET = 'whsec_platform_test';
const CONNECT_SECRET = 'whsec_connect_test';
const ACCOUNT = 'acct_1MerchantAbc';

const stripeEnv = (fake: FakeStripe, extra: Record<string, string> = {}) => ({
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_contract123',
  STRIPE_API_BASE: fake.url,
  STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
  STRIPE_CONNECT_CLIENT_ID: 'ca_contract123',
  ...extra,
});

describe.skipIf(skip)('stripe provider against a local Stripe', () => {
  let fake: FakeStripe;
  let provider: StripeProvider;
  const clock = new TestClock();
  const deliver = async () => 500;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = (await createPaymentProvider(testConfig(stripeEnv(fake)), {
      logger: createLogger('silent'),
      clock,
      deliver,
    })) as StripeProvider;
  });
  afterAll(async () => {
    await provider?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());
  // Every call on an intent is addressed to the connected account it lives on (issue 49 item 11).
  afterEach(() => expect(fake.intentCallsOffAccount()).toEqual([]));

  it('is chosen by the factory for PAYMENTS_PROVIDER=stripe', () => {
    expect(provider).toBeInstanceOf(StripeProvider);
    expect(provider.mode).toBe('stripe');
  });

  it('creates and confirms a direct charge on the server: token, confirm, fee, return URL, account and key', async () => {
    const token = fake.addConfirmationToken({
      account: ACCOUNT,
      card: { brand: 'visa', funding: 'credit', country: 'AU', last4: '0006' },
    });
    const intent = await provider.createIntent({
      amount: 10295,
      currency: 'AUD',
      applicationFeeAmount: 129,
      connectedAccountId: ACCOUNT,
      description: 'Invoice: INV-1',
      metadata: { paymentId: 'pay-1', invoiceNumber: 'INV-1' },
      idempotencyKey: 'create:pay-1',
      confirmationToken: token,
      returnUrl: 'http://127.0.0.1:8787/payment-complete',
      receiptEmail: 'builder@example.com',
    });
    const [req] = fake.find('POST', '/v1/payment_intents');
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.headers['stripe-account']).toBe(ACCOUNT);
    expect(req.headers['idempotency-key']).toBe('create:pay-1');
    expect(req.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(req.form).toEqual({
      amount: '10295',
      currency: 'aud',
      application_fee_amount: '129',
      description: 'Invoice: INV-1',
      'metadata[paymentId]': 'pay-1',
      'metadata[invoiceNumber]': 'INV-1',
      'allowed_payment_method_types[0]': 'card',
      confirm: 'true',
      confirmation_token: token,
      return_url: 'http://127.0.0.1:8787/payment-complete',
      'expand[0]': 'payment_method',
      'expand[1]': 'latest_charge',
      receipt_email: 'builder@example.com',
    });
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 10295,
      currency: 'aud',
      applicationFeeAmount: 129,
      connectedAccountId: ACCOUNT,
      metadata: { paymentId: 'pay-1', invoiceNumber: 'INV-1' },
      card: { brand: 'visa', funding: 'credit', country: 'AU', last4: '0006', wallet: null },
      lastError: null,
    });
    expect(intent.paymentMethodId).toMatch(/^pm_/);
  });

  it('a declined confirmation resolves with the declined intent (Stripe answers 402 with it); no retry', async () => {
    const token = fake.addConfirmationToken({
      account: ACCOUNT,
      card: { brand: 'visa', funding: 'credit', country: 'US', last4: '9995' },
      outcome: {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    const intent = await provider.createIntent({
      amount: 5000,
      currency: 'aud',
      applicationFeeAmount: 63,
      connectedAccountId: ACCOUNT,
      description: 'Payment',
      metadata: {},
      idempotencyKey: 'create:declined-token',
      confirmationToken: token,
      returnUrl: 'http://127.0.0.1:8787/payment-complete',
    });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: { type: 'card_error', code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    expect(fake.find('POST', '/v1/payment_intents')).toHaveLength(1);
    // A token is used once: another request with it is refused, nothing is created.
    await expect(
      provider.createIntent({
        amount: 5000,
        currency: 'aud',
        applicationFeeAmount: 63,
        connectedAccountId: ACCOUNT,
        description: 'Payment',
        metadata: {},
        idempotencyKey: 'create:declined-token-again',
        confirmationToken: token,
      }),
    ).rejects.toMatchObject({ param: 'confirmation_token', statusCode: 400 });
  });

  it('omits payment_method and receipt_email when not given', async () => {
    await provider.createIntent({
      amount: 5000,
      currency: 'aud',
      applicationFeeAmount: 63,
      connectedAccountId: ACCOUNT,
      description: 'Payment',
      metadata: {},
      idempotencyKey: 'create:pay-2',
    });
    const [req] = fake.find('POST', '/v1/payment_intents');
    expect(req.form).not.toHaveProperty('payment_method');
    expect(req.form).not.toHaveProperty('receipt_email');
    expect(req.form).not.toHaveProperty('automatic_payment_methods[enabled]');
  });

  it("turns Stripe's card_declined error into a ProviderRequestError with the decline code", async () => {
    fake.on('POST', '/v1/payment_intents', () =>
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        param: 'payment_method',
      }),
    );
    const err = await provider
      .createIntent({
        amount: 5000,
        currency: 'aud',
        applicationFeeAmount: 63,
        connectedAccountId: ACCOUNT,
        description: 'Payment',
        metadata: {},
        idempotencyKey: 'create:declined',
        paymentMethodId: 'pm_declined',
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderRequestError);
    expect(err).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      statusCode: 402,
      param: 'payment_method',
    });
    expect(fake.find('POST', '/v1/payment_intents')).toHaveLength(1); // 402 is final: no retry
  });

  it('retrieves an intent on the connected account with the card expanded', async () => {
    fake.paymentMethods.set('pm_debit_au', {
      id: 'pm_debit_au',
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '5556', funding: 'debit', country: 'AU' },
    });
    fake.intents.set('pi_expand1', {
      id: 'pi_expand1',
      object: 'payment_intent',
      amount: 10295,
      currency: 'aud',
      application_fee_amount: 129,
      client_secret: 'pi_expand1_secret_x',
      created: 1_790_000_000,
      metadata: { paymentId: 'pay-9' },
      payment_method: 'pm_debit_au',
      status: 'succeeded',
      latest_charge: null,
      last_payment_error: null,
    });
    fake.on('GET', '/v1/payment_intents/pi_expand1', (req) => ({
      status: 200,
      body: {
        ...fake.intents.get('pi_expand1'),
        payment_method: fake.paymentMethods.get('pm_debit_au'),
        latest_charge: {
          id: 'ch_1',
          object: 'charge',
          amount_refunded: 3000,
          payment_method: 'pm_debit_au',
          payment_method_details: { card: { brand: 'visa', last4: '5556', funding: 'debit', country: 'AU' } },
          expandSeen: req.query,
        },
      },
    }));
    const intent = await provider.retrieveIntent('pi_expand1', ACCOUNT);
    const [req] = fake.find('GET', '/v1/payment_intents/pi_expand1');
    expect(req.headers['stripe-account']).toBe(ACCOUNT);
    expect(req.query).toEqual({ 'expand[0]': 'payment_method', 'expand[1]': 'latest_charge' });
    expect(intent.status).toBe('succeeded');
    expect(intent.card).toEqual({
      paymentMethodId: 'pm_debit_au',
      brand: 'visa',
      last4: '5556',
      funding: 'debit',
      country: 'AU',
      wallet: null,
    });
    expect(intent.paymentMethodId).toBe('pm_debit_au');
    expect(intent.amountRefunded).toBe(3000);
  });

  it('cancel of an intent that already succeeded resolves with the succeeded intent', async () => {
    fake.intents.set('pi_done', {
      id: 'pi_done',
      object: 'payment_intent',
      amount: 5000,
      currency: 'aud',
      client_secret: 'pi_done_secret_x',
      created: 1_790_000_000,
      metadata: {},
      status: 'succeeded',
      payment_method: null,
    });
    const intent = await provider.cancelIntent('pi_done', ACCOUNT);
    expect(intent.status).toBe('succeeded');
    const cancel = fake.find('POST', '/v1/payment_intents/pi_done/cancel');
    expect(cancel).toHaveLength(1);
    expect(cancel[0].headers['stripe-account']).toBe(ACCOUNT);
    expect(fake.find('GET', '/v1/payment_intents/pi_done')).toHaveLength(1);
  });

  it('cancels an open intent', async () => {
    const created = await provider.createIntent({
      amount: 5000,
      currency: 'aud',
      applicationFeeAmount: 63,
      connectedAccountId: ACCOUNT,
      description: 'Payment',
      metadata: {},
      idempotencyKey: 'create:to-cancel',
    });
    expect((await provider.cancelIntent(created.id, ACCOUNT)).status).toBe('canceled');
  });

  it('reads a confirmation token on the connected account: its preview, wallet included; elsewhere it does not exist', async () => {
    const token = fake.addConfirmationToken({
      account: ACCOUNT,
      card: { brand: 'mastercard', funding: 'debit', country: 'gb', last4: '4444', wallet: 'apple_pay' },
    });
    expect(await provider.retrieveConfirmationToken(token, ACCOUNT)).toEqual({
      id: token,
      type: 'card',
      card: { brand: 'mastercard', last4: '4444', funding: 'debit', country: 'GB', wallet: 'apple_pay' },
      expiresAt: 4_102_444_800,
      paymentIntentId: null,
    });
    expect(fake.find('GET', `/v1/confirmation_tokens/${token}`)[0].headers['stripe-account']).toBe(ACCOUNT);
    await expect(provider.retrieveConfirmationToken(token, 'acct_someoneElse')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
    });
  });

  it('registers a payment method domain on the connected account once, and validates it again', async () => {
    const first = await provider.registerPaymentMethodDomain('pay.supplier.example', ACCOUNT);
    expect(first).toMatchObject({
      domain: 'pay.supplier.example',
      enabled: true,
      applePay: { status: 'active', error: null },
      googlePay: { status: 'active', error: null },
    });
    const [created] = fake.find('POST', '/v1/payment_method_domains');
    expect(created.headers['stripe-account']).toBe(ACCOUNT);
    expect(created.form).toEqual({ domain_name: 'pay.supplier.example', enabled: 'true' });
    const again = await provider.registerPaymentMethodDomain('pay.supplier.example', ACCOUNT);
    expect(again.id).toBe(first.id);
    expect(fake.find('POST', '/v1/payment_method_domains')).toHaveLength(1);
    const local = await provider.registerPaymentMethodDomain('localhost', ACCOUNT);
    expect(local.applePay).toEqual({ status: 'inactive', error: 'Domains must be publicly reachable.' });
    expect((await provider.validatePaymentMethodDomain(first.id, ACCOUNT)).id).toBe(first.id);
    expect(fake.find('POST', `/v1/payment_method_domains/${first.id}/validate`)).toHaveLength(1);
  });

  it('refunds on the connected account, returning the application fee, with the idempotency key', async () => {
    const refund = await provider.refund({
      paymentIntentId: 'pi_paid',
      connectedAccountId: ACCOUNT,
      amount: 2059,
      refundApplicationFee: true,
      idempotencyKey: 'refund:r-1',
      metadata: { refundId: 'r-1' },
    });
    const [req] = fake.find('POST', '/v1/refunds');
    expect(req.headers['stripe-account']).toBe(ACCOUNT);
    expect(req.headers['idempotency-key']).toBe('refund:r-1');
    expect(req.form).toEqual({
      payment_intent: 'pi_paid',
      amount: '2059',
      refund_application_fee: 'true',
      'metadata[refundId]': 'r-1',
    });
    expect(refund).toMatchObject({ paymentIntentId: 'pi_paid', amount: 2059, status: 'succeeded' });
    expect(refund.id).toMatch(/^re_/);
  });

  it('onboards a new merchant: a Standard account on the platform, then an Account Link', async () => {
    const link = await provider.createOnboardingLink({
      merchantId: 'm-1',
      email: 'owner@supplier.example',
      businessName: 'Supplier Pty Ltd',
      existingAccountId: null,
      refreshUrl: 'http://127.0.0.1:8787/admin/merchants/m-1?connect=refresh',
      returnUrl: 'http://127.0.0.1:8787/admin/merchants/m-1?connect=return',
    });
    const [acct] = fake.find('POST', '/v1/accounts');
    expect(acct.headers['stripe-account']).toBeUndefined();
    expect(acct.headers['idempotency-key']).toMatch(/^account-create:m-1:[0-9a-f]{16}$/);
    expect(acct.form).toEqual({
      type: 'standard',
      email: 'owner@supplier.example',
      'business_profile[name]': 'Supplier Pty Ltd',
      'metadata[merchant_id]': 'm-1',
    });
    const [al] = fake.find('POST', '/v1/account_links');
    expect(al.form).toEqual({
      account: link.accountId,
      refresh_url: 'http://127.0.0.1:8787/admin/merchants/m-1?connect=refresh',
      return_url: 'http://127.0.0.1:8787/admin/merchants/m-1?connect=return',
      type: 'account_onboarding',
    });
    expect(link.url).toContain(link.accountId);
  });

  it('continues onboarding of an existing account without creating another', async () => {
    const link = await provider.createOnboardingLink({
      merchantId: 'm-1',
      email: 'owner@supplier.example',
      businessName: 'Supplier Pty Ltd',
      existingAccountId: 'acct_existing1',
      refreshUrl: 'http://127.0.0.1:8787/r',
      returnUrl: 'http://127.0.0.1:8787/x',
    });
    expect(fake.find('POST', '/v1/accounts')).toHaveLength(0);
    expect(fake.find('POST', '/v1/account_links')[0].form.account).toBe('acct_existing1');
    expect(link.accountId).toBe('acct_existing1');
  });

  it('builds the OAuth authorize URL and exchanges a code for the account id', async () => {
    const url = new URL(
      provider.oauthAuthorizeUrl({
        state: 'signed.state',
        redirectUri: 'http://127.0.0.1:8787/connect/callback',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://connect.stripe.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'ca_contract123',
      scope: 'read_write',
      state: 'signed.state',
      redirect_uri: 'http://127.0.0.1:8787/connect/callback',
    });
    expect(await provider.exchangeOAuthCode('ac_good')).toEqual({ accountId: 'acct_oauth123' });
    const [tok] = fake.find('POST', '/oauth/token');
    expect(tok.form).toEqual({ grant_type: 'authorization_code', code: 'ac_good' });
    expect(tok.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    await expect(provider.exchangeOAuthCode('ac_bad')).rejects.toMatchObject({
      type: 'oauth_error',
      code: 'invalid_grant',
      message: 'Authorization code does not exist: ac_bad',
    });
  });

  it('retrieves an account and disconnects through oauth.deauthorize', async () => {
    expect(await provider.retrieveAccount('acct_x1')).toEqual({
      id: 'acct_x1',
      chargesEnabled: true,
      detailsSubmitted: true,
      payoutsEnabled: false,
    });
    await provider.disconnectAccount('acct_x1');
    const [deauth] = fake.find('POST', '/oauth/deauthorize');
    expect(deauth.form).toEqual({ client_id: 'ca_contract123', stripe_user_id: 'acct_x1' });
  });

  it('disconnect without a Connect client id revokes nothing at Stripe', async () => {
    const noOauth = new StripeProvider(testConfig(stripeEnv(fake, { STRIPE_CONNECT_CLIENT_ID: '' })), {
      logger: createLogger('silent'),
      clock,
    });
    await noOauth.disconnectAccount('acct_x1');
    expect(fake.requests).toHaveLength(0);
  });

  describe('webhooks', () => {
    const sdk = new Stripe('sk_test_unused');
    const now = () => Math.floor(clock.now().getTime() / 1000);
    const event = (type: string, object: unknown, account?: string) =>
      JSON.stringify({
        id: `evt_${type.replace(/\W/g, '')}`,
        object: 'event',
        type,
        created: now(),
        account,
        data: { object },
      });
    const sign = (payload: string, secret: string, timestamp = now()) =>
      sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });

    const succeeded = {
      id: 'pi_w1',
      object: 'payment_intent',
      amount: 10295,
      currency: 'aud',
      application_fee_amount: 129,
      client_secret: 'pi_w1_secret_z',
      created: 1_790_000_000,
      metadata: { paymentId: 'pay-w1' },
      payment_method: 'pm_1',
      latest_charge: 'ch_1',
      last_payment_error: null,
      status: 'succeeded',
    };

    it('accepts events signed with either the platform or the Connect secret', () => {
      const body = event('payment_intent.succeeded', succeeded, ACCOUNT);
      for (const secret of [PLATFORM_SECRET, CONNECT_SECRET]) {
        const parsed = provider.parseWebhook(body, sign(body, secret));
        expect(parsed).toMatchObject({
          id: 'evt_payment_intentsucceeded',
          type: 'payment_intent.succeeded',
          account: ACCOUNT,
        });
        expect(parsed.action).toMatchObject({
          kind: 'intent_updated',
          intent: {
            id: 'pi_w1',
            status: 'succeeded',
            amount: 10295,
            connectedAccountId: ACCOUNT,
            metadata: { paymentId: 'pay-w1' },
            card: null,
          },
        });
      }
    });

    it('maps every intent event, refunds, account updates, and ignores the rest', () => {
      for (const [type, status] of [
        ['payment_intent.payment_failed', 'requires_payment_method'],
        ['payment_intent.canceled', 'canceled'],
        ['payment_intent.requires_action', 'requires_action'],
        ['payment_intent.processing', 'processing'],
      ] as const) {
        const body = event(
          type,
          {
            ...succeeded,
            status,
            last_payment_error: type.endsWith('failed')
              ? {
                  type: 'card_error',
                  code: 'card_declined',
                  decline_code: 'insufficient_funds',
                  message: 'Your card has insufficient funds.',
                }
              : null,
          },
          ACCOUNT,
        );
        const { action } = provider.parseWebhook(body, sign(body, CONNECT_SECRET));
        // A failed intent carries its card error; the others carry none.
        expect(action, type).toMatchObject({
          kind: 'intent_updated',
          intent: {
            status,
            lastError: type.endsWith('failed')
              ? {
                  type: 'card_error',
                  code: 'card_declined',
                  declineCode: 'insufficient_funds',
                  message: 'Your card has insufficient funds.',
                }
              : null,
          },
        });
      }
      const refunded = event(
        'charge.refunded',
        {
          id: 'ch_1',
          object: 'charge',
          amount_refunded: 2059,
          payment_intent: 'pi_w1',
          refunds: { data: [{ id: 're_1', amount: 2059, status: 'succeeded', payment_intent: 'pi_w1' }] },
        },
        ACCOUNT,
      );
      expect(provider.parseWebhook(refunded, sign(refunded, CONNECT_SECRET)).action).toEqual({
        kind: 'charge_refunded',
        paymentIntentId: 'pi_w1',
        amountRefunded: 2059,
        refunds: [{ id: 're_1', paymentIntentId: 'pi_w1', amount: 2059, status: 'succeeded' }],
      });
      const updated = event(
        'account.updated',
        {
          id: ACCOUNT,
          object: 'account',
          charges_enabled: true,
          details_submitted: true,
          payouts_enabled: true,
        },
        ACCOUNT,
      );
      expect(provider.parseWebhook(updated, sign(updated, CONNECT_SECRET)).action).toEqual({
        kind: 'account_updated',
        account: { id: ACCOUNT, chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true },
      });
      const other = event('customer.created', { id: 'cus_1', object: 'customer' });
      expect(provider.parseWebhook(other, sign(other, PLATFORM_SECRET)).action).toEqual({ kind: 'ignored' });
    });

    it('rejects forged, tampered, stale and unsigned deliveries', () => {
      const body = event('payment_intent.succeeded', succeeded, ACCOUNT);
      expect(() => provider.parseWebhook(body, sign(body, 'whsec_attacker'))).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body.replace('10295', '1'), sign(body, PLATFORM_SECRET))).toThrow(
        WebhookSignatureError,
      );
      expect(() => provider.parseWebhook(body, sign(body, PLATFORM_SECRET, now() - 301))).toThrow(
        /tolerance/,
      );
      expect(() => provider.parseWebhook(body, null)).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body, 'garbage')).toThrow(WebhookSignatureError);
      // Just inside the five-minute tolerance is fine.
      expect(provider.parseWebhook(body, sign(body, PLATFORM_SECRET, now() - 299)).id).toBe(
        'evt_payment_intentsucceeded',
      );
    });
  });

  it('in stripe mode the sandbox browser routes are not mounted', async () => {
    const t = await createTestApp({ env: stripeEnv(fake) });
    try {
      expect(t.deps.payments.mode).toBe('stripe');
      expect((await json(t.app, 'GET', '/api/sandbox/test-cards')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('through the API: a client secret only for an intent in requires_action, never for others or a stale replay', async () => {
    const t = await createTestApp({ env: stripeEnv(fake) });
    try {
      const m = await createConnectedMerchant(t, { stripe_account_id: ACCOUNT });
      const s = (await openSession(t, { merchant: m.id, invoice: 'INV-STRIPE-SECRET', amount: '500.00' }))
        .body;
      const pay = async (card: FakeCard, outcome: FakeOutcome, key = `k-${crypto.randomUUID()}`) => {
        const token = fake.addConfirmationToken({ account: ACCOUNT, card, outcome });
        const q = await json(t.app, 'POST', '/api/payments/quote', {
          amount: 10000,
          currency: 'aud',
          paySessionId: s.paySessionId,
          confirmationToken: token,
        });
        expect(q.status, JSON.stringify(q.body)).toBe(200);
        const body = {
          amount: 10000,
          currency: 'aud',
          paySessionId: s.paySessionId,
          confirmationToken: token,
          quoteId: q.body.quoteId,
        };
        return {
          body,
          key,
          res: await json(t.app, 'POST', '/api/payments/create-payment-intent', body, {
            'idempotency-key': key,
          }),
        };
      };
      const visa = { brand: 'visa', funding: 'credit', country: 'AU', last4: '0006' };
      const ok = await pay(visa, 'succeed');
      expect(ok.res.body).toMatchObject({ status: 'succeeded', clientSecret: null });
      const declined = await pay(visa, {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      expect(declined.res.status).toBe(422);
      expect(JSON.stringify(declined.res.body)).not.toContain('_secret_');
      // The declined intent was cancelled at Stripe.
      expect(
        fake.find('POST', `/v1/payment_intents/${declined.res.body.payment.transactionId}/cancel`),
      ).toHaveLength(1);
      const action = await pay(visa, 'authenticate');
      expect(action.res.body.status).toBe('requires_action');
      expect(action.res.body.clientSecret).toBe(`${action.res.body.paymentIntentId}_secret_fake`);
      // The customer finishes 3-D Secure at Stripe; a replay of the stored answer no longer carries the secret.
      fake.intents.get(action.res.body.paymentIntentId)!.status = 'succeeded';
      const replay = await json(t.app, 'POST', '/api/payments/create-payment-intent', action.body, {
        'idempotency-key': action.key,
      });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toMatchObject({ status: 'succeeded', clientSecret: null });
      const [create] = fake.find('POST', '/v1/payment_intents').slice(-1);
      expect(create.form).toMatchObject({ confirm: 'true', application_fee_amount: '129' });
      expect(create.headers['idempotency-key']).toBe(`create-${action.key}`);
      // Issue 49 item 11: an event without `account` (localstripe sends them) about a failed 3-D Secure
      // step: the intent is cancelled on the payment's connected account, never on the platform's.
      {
        const failed = await pay(visa, 'authenticate');
        const intentId = failed.res.body.paymentIntentId as string;
        const pi = fake.intents.get(intentId)!;
        Object.assign(pi, {
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'card_error',
            code: 'payment_intent_authentication_failure',
            message: 'failed',
          },
        });
        const unaddressed = stripeEventSigner(
          CONNECT_SECRET,
          undefined as never,
          clock,
        )('payment_intent.payment_failed', pi);
        const delivered = await t.app.request('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': unaddressed.header },
          body: unaddressed.payload,
        });
        expect(delivered.status).toBe(200);
        const cancels = fake.find('POST', `/v1/payment_intents/${intentId}/cancel`);
        expect(cancels).toHaveLength(1);
        expect(cancels[0].headers['stripe-account']).toBe(ACCOUNT);
      }
    } finally {
      await t.close();
    }
  });
});
