/**
 * The publishable-key side of the fake Stripe API, as Stripe.js uses it: create a card payment
 * method on the connected account, confirm an intent with its client secret, and the 3-D Secure
 * step. Test card numbers behave as in Stripe's docs. It refuses what Stripe refuses: a secret or
 * missing key, a wrong client secret, a payment method or intent of another connected account.
 */
import type { FakeResponse, FakeStripe, RecordedRequest } from '../../../support/fake-stripe.ts';
import { stripeError } from '../../../support/fake-stripe.ts';

type Outcome = 'succeed' | 'authenticate' | { code: string; decline_code?: string; message: string };

const CARDS: Record<string, { brand: string; funding: string; country: string; outcome: Outcome }> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', country: 'US', outcome: 'succeed' },
  '4000056655665556': { brand: 'visa', funding: 'debit', country: 'US', outcome: 'succeed' },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000003220': { brand: 'visa', funding: 'credit', country: 'US', outcome: 'authenticate' },
};

export const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

let seq = 0;
const id = (prefix: string) => `${prefix}_dbl${String(++seq).padStart(8, '0')}`;

export function scriptBrowserApi(fake: FakeStripe): { accounts: Map<string, string> } {
  /** The connected account each intent and payment method belongs to. */
  const accounts = new Map<string, string>();
  const outcomes = new Map<string, Outcome>();

  const publishable = (req: RecordedRequest): FakeResponse | null => {
    if (!/^pk_test_/.test(req.form.key ?? req.query.key ?? '')) {
      return stripeError(401, {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided (Stripe.js needs a publishable key).',
      });
    }
    return null;
  };
  const missing = (what: string, x: string) =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${x}'`,
    });

  // Server side: intents remember the connected account they were created on (Stripe-Account header).
  fake.on('POST', '/v1/payment_intents', (req) => {
    const piId = id('pi');
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.form)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]] = v;
    }
    const pi = {
      id: piId,
      object: 'payment_intent',
      amount: Number(req.form.amount),
      currency: req.form.currency,
      application_fee_amount: req.form.application_fee_amount
        ? Number(req.form.application_fee_amount)
        : null,
      client_secret: `${piId}_secret_dbl`,
      created: 1_790_000_000,
      description: req.form.description ?? null,
      metadata,
      payment_method: req.form.payment_method ?? null,
      receipt_email: req.form.receipt_email ?? null,
      status: req.form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      livemode: false,
    };
    fake.intents.set(piId, pi);
    accounts.set(piId, req.headers['stripe-account'] ?? '');
    return { status: 200, body: pi };
  });

  fake.on('POST', '/v1/payment_methods', (req) => {
    const refused = publishable(req);
    if (refused) return refused;
    const number = (req.form['card[number]'] ?? '').replace(/\D/g, '');
    const card = CARDS[number];
    if (!card)
      return stripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    const pmId = id('pm');
    const pm = {
      id: pmId,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: card.brand,
        last4: number.slice(-4),
        funding: card.funding,
        country: card.country,
        exp_month: Number(req.form['card[exp_month]']),
        exp_year: Number(req.form['card[exp_year]']),
      },
      billing_details: {
        email: req.form['billing_details[email]'] ?? null,
        name: null,
        phone: null,
        address: null,
      },
      livemode: false,
    };
    fake.paymentMethods.set(pmId, pm);
    accounts.set(pmId, req.form._stripe_account ?? '');
    outcomes.set(pmId, card.outcome);
    return { status: 200, body: pm };
  });

  const intentFor = (
    req: RecordedRequest,
    piId: string,
  ): { pi: Record<string, unknown> } | { refused: FakeResponse } => {
    const refused = publishable(req);
    if (refused) return { refused };
    const pi = fake.intents.get(piId);
    // Without the right stripeAccount the intent of a direct charge does not exist for Stripe.js.
    if (!pi || accounts.get(piId) !== req.form._stripe_account)
      return { refused: missing('payment_intent', piId) };
    if (pi.client_secret !== req.form.client_secret) {
      return {
        refused: stripeError(400, {
          type: 'invalid_request_error',
          message:
            'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        }),
      };
    }
    return { pi };
  };

  fake.on('POST', /^\/v1\/payment_intents\/([^/]+)\/confirm$/, (req, [piId]) => {
    const found = intentFor(req, piId);
    if ('refused' in found) return found.refused;
    const pi = found.pi;
    const pmId = req.form.payment_method ?? (pi.payment_method as string | null);
    if (!pmId || !fake.paymentMethods.has(pmId) || accounts.get(pmId) !== accounts.get(piId))
      return missing('payment_method', String(pmId));
    const outcome = outcomes.get(pmId)!;
    pi.payment_method = pmId;
    if (outcome === 'succeed')
      Object.assign(pi, { status: 'succeeded', latest_charge: id('ch'), last_payment_error: null });
    else if (outcome === 'authenticate')
      Object.assign(pi, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      });
    else {
      const error = { type: 'card_error', ...outcome, payment_method: fake.paymentMethods.get(pmId) };
      Object.assign(pi, {
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: error,
      });
      return { status: 402, body: { error: { ...error, payment_intent: pi } } };
    }
    return { status: 200, body: pi };
  });

  fake.on('POST', /^\/v1\/payment_intents\/([^/]+)\/test_3ds$/, (req, [piId]) => {
    const found = intentFor(req, piId);
    if ('refused' in found) return found.refused;
    const pi = found.pi;
    if (pi.status !== 'requires_action')
      return stripeError(400, { type: 'invalid_request_error', message: 'Nothing to authenticate.' });
    if (req.form.result === 'complete')
      Object.assign(pi, { status: 'succeeded', next_action: null, latest_charge: id('ch') });
    else
      Object.assign(pi, {
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: AUTH_FAILED,
        },
      });
    return { status: 200, body: pi };
  });

  return { accounts };
}
