/**
 * The publishable-key side of the fake Stripe API, as Stripe.js uses it: confirmation tokens made
 * from the Payment Element's card (on the connected account), the intent read with its client
 * secret, the 3-D Secure step of an intent the server confirmed, and — what a browser holding a
 * client secret may try — confirming an intent itself. Test card numbers behave as in Stripe's docs.
 * It refuses what Stripe refuses: a secret or missing key, a wrong client secret, an intent of
 * another connected account, and a confirmation of a canceled or succeeded intent (our server
 * cancels every declined intent, so it can never be confirmed from a browser).
 */
import type {
  FakeCard,
  FakeOutcome,
  FakeResponse,
  FakeStripe,
  RecordedRequest,
} from '../../../support/fake-stripe.ts';
import { expandList, shown, stripeError } from '../../../support/fake-stripe.ts';

const CARDS: Record<string, { card: Omit<FakeCard, 'last4'>; outcome: FakeOutcome }> = {
  '4242424242424242': { card: { brand: 'visa', funding: 'credit', country: 'US' }, outcome: 'succeed' },
  '4000000360000006': { card: { brand: 'visa', funding: 'credit', country: 'AU' }, outcome: 'succeed' },
  '4000056655665556': { card: { brand: 'visa', funding: 'debit', country: 'US' }, outcome: 'succeed' },
  '4000000000009995': {
    card: { brand: 'visa', funding: 'credit', country: 'US' },
    outcome: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000000000000002': {
    card: { brand: 'visa', funding: 'credit', country: 'US' },
    outcome: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000003220': { card: { brand: 'visa', funding: 'credit', country: 'US' }, outcome: 'authenticate' },
};

export const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

let seq = 0;
const id = (prefix: string) => `${prefix}_dbl${String(++seq).padStart(8, '0')}`;

export function scriptBrowserApi(fake: FakeStripe): void {
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
  const cardOf = (number: string) => CARDS[number.replace(/\D/g, '')];

  // Stripe.js createConfirmationToken: the card, on the connected account (Stripe-Account).
  fake.on('POST', '/v1/confirmation_tokens', (req) => {
    const refused = publishable(req);
    if (refused) return refused;
    const number = (req.form['payment_method_data[card][number]'] ?? '').replace(/\D/g, '');
    const known = cardOf(number);
    if (!known)
      return stripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    const tokenId = fake.addConfirmationToken({
      account: req.form._stripe_account ?? '',
      card: { ...known.card, last4: number.slice(-4) },
      outcome: known.outcome,
    });
    return { status: 200, body: fake.confirmationTokens.get(tokenId)!.token };
  });

  // Stripe.js confirmCardPayment (card details → payment method first).
  fake.on('POST', '/v1/payment_methods', (req) => {
    const refused = publishable(req);
    if (refused) return refused;
    const number = (req.form['card[number]'] ?? '').replace(/\D/g, '');
    const known = cardOf(number);
    if (!known)
      return stripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    const pmId = id('pm');
    fake.paymentMethods.set(pmId, {
      id: pmId,
      object: 'payment_method',
      type: 'card',
      card: { ...known.card, last4: number.slice(-4) },
      _account: req.form._stripe_account ?? '',
    });
    return { status: 200, body: fake.paymentMethods.get(pmId) };
  });

  const intentFor = (
    req: RecordedRequest,
    piId: string,
    params: Record<string, string>,
  ): { pi: Record<string, unknown> } | { refused: FakeResponse } => {
    const refused = publishable(req);
    if (refused) return { refused };
    const pi = fake.intents.get(piId);
    // Without the right stripeAccount the intent of a direct charge does not exist for Stripe.js.
    if (!pi || fake.intentAccounts.get(piId) !== params._stripe_account)
      return { refused: missing('payment_intent', piId) };
    if (pi.client_secret !== params.client_secret) {
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

  // Retrieve: Stripe.js (publishable key, client secret) or our server (secret key).
  fake.on('GET', /^\/v1\/payment_intents\/([^/]+)$/, (req, [piId]) => {
    if (req.query.key) {
      const found = intentFor(req, piId, req.query);
      return 'refused' in found ? found.refused : { status: 200, body: found.pi };
    }
    const pi = fake.intents.get(piId);
    if (!pi) return missing('payment_intent', piId);
    return { status: 200, body: shown(fake, pi, expandList(req.query)) };
  });

  fake.on('POST', /^\/v1\/payment_intents\/([^/]+)\/confirm$/, (req, [piId]) => {
    const found = intentFor(req, piId, req.form);
    if ('refused' in found) return found.refused;
    const pi = found.pi;
    if (pi.status === 'canceled' || pi.status === 'succeeded')
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
      });
    const pm = fake.paymentMethods.get(req.form.payment_method ?? '');
    if (!pm || pm._account !== req.form._stripe_account)
      return missing('payment_method', String(req.form.payment_method));
    Object.assign(pi, {
      status: 'succeeded',
      payment_method: pm.id,
      latest_charge: id('ch'),
      next_action: null,
    });
    return { status: 200, body: pi };
  });

  fake.on('POST', /^\/v1\/payment_intents\/([^/]+)\/test_3ds$/, (req, [piId]) => {
    const found = intentFor(req, piId, req.form);
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
}
