/**
 * The sandbox's test cards: Stripe's documented test numbers with the outcome, decline code and
 * customer-facing message Stripe gives for each, plus the card-detail checks Stripe makes when a
 * payment method is created. Any other number is refused: the sandbox never handles a real card.
 * Only the catalogue key, brand, last4, funding and country of a card are ever stored.
 */

export type Funding = 'credit' | 'debit' | 'prepaid';

/** How a card behaves when a payment is confirmed with it. */
export type CardOutcome =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  /** 3-D Secure first; after a completed authentication, `then` applies. */
  | {
      kind: 'authenticate';
      then: { kind: 'succeed' } | { kind: 'decline'; code: string; declineCode: string; message: string };
    };

export interface TestCard {
  key: string;
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: Funding;
  /** Issuing country, ISO 3166-1 alpha-2. */
  country: string;
  outcome: CardOutcome;
  description: string;
}

/** Stripe's customer-facing decline messages (it hides lost/stolen behind the generic one). */
export const DECLINE_MESSAGES = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
} as const;

export const AUTHENTICATION_FAILURE_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export const NOT_A_TEST_CARD_MESSAGE = 'Test mode: use a test card number';

const ok = { kind: 'succeed' } as const;
const decline = (code: string, declineCode: keyof typeof DECLINE_MESSAGES) =>
  ({ kind: 'decline', code, declineCode, message: DECLINE_MESSAGES[declineCode] }) as const;

// prettier-ignore
export const TEST_CARDS: readonly TestCard[] = [
  { key: 'visa', number: '4242424242424242', brand: 'visa', funding: 'credit', country: 'US', outcome: ok, description: 'Succeeds' },
  { key: 'visa_debit', number: '4000056655665556', brand: 'visa', funding: 'debit', country: 'US', outcome: ok, description: 'Succeeds (debit)' },
  { key: 'mastercard', number: '5555555555554444', brand: 'mastercard', funding: 'credit', country: 'US', outcome: ok, description: 'Succeeds' },
  { key: 'mastercard_debit', number: '5200828282828210', brand: 'mastercard', funding: 'debit', country: 'US', outcome: ok, description: 'Succeeds (debit)' },
  { key: 'mastercard_prepaid', number: '5105105105105100', brand: 'mastercard', funding: 'prepaid', country: 'US', outcome: ok, description: 'Succeeds (prepaid)' },
  { key: 'amex', number: '378282246310005', brand: 'amex', funding: 'credit', country: 'US', outcome: ok, description: 'Succeeds' },
  // Country cards: the platform's merchants are Australian, so AU is domestic and GB (and US) international.
  { key: 'visa_au', number: '4000000360000006', brand: 'visa', funding: 'credit', country: 'AU', outcome: ok, description: 'Succeeds (Australia)' },
  { key: 'visa_gb', number: '4000008260000000', brand: 'visa', funding: 'credit', country: 'GB', outcome: ok, description: 'Succeeds (United Kingdom)' },
  { key: 'visa_debit_gb', number: '4000058260000005', brand: 'visa', funding: 'debit', country: 'GB', outcome: ok, description: 'Succeeds (United Kingdom, debit)' },
  { key: 'generic_decline', number: '4000000000000002', brand: 'visa', funding: 'credit', country: 'US', outcome: decline('card_declined', 'generic_decline'), description: 'Declined' },
  { key: 'insufficient_funds', number: '4000000000009995', brand: 'visa', funding: 'credit', country: 'US', outcome: decline('card_declined', 'insufficient_funds'), description: 'Declined: insufficient funds' },
  { key: 'lost_card', number: '4000000000009987', brand: 'visa', funding: 'credit', country: 'US', outcome: decline('card_declined', 'lost_card'), description: 'Declined: lost card' },
  { key: 'stolen_card', number: '4000000000009979', brand: 'visa', funding: 'credit', country: 'US', outcome: decline('card_declined', 'stolen_card'), description: 'Declined: stolen card' },
  { key: 'expired_card', number: '4000000000000069', brand: 'visa', funding: 'credit', country: 'US', outcome: decline('expired_card', 'expired_card'), description: 'Declined: expired card' },
  { key: 'incorrect_cvc', number: '4000000000000127', brand: 'visa', funding: 'credit', country: 'US', outcome: decline('incorrect_cvc', 'incorrect_cvc'), description: 'Declined: incorrect CVC' },
  { key: 'processing_error', number: '4000000000000119', brand: 'visa', funding: 'credit', country: 'US', outcome: decline('processing_error', 'processing_error'), description: 'Declined: processing error' },
  { key: 'three_d_secure', number: '4000000000003220', brand: 'visa', funding: 'credit', country: 'US', outcome: { kind: 'authenticate', then: ok }, description: '3-D Secure required, then succeeds' },
  { key: 'three_d_secure_insufficient_funds', number: '4000008260003178', brand: 'visa', funding: 'credit', country: 'GB', outcome: { kind: 'authenticate', then: decline('card_declined', 'insufficient_funds') }, description: '3-D Secure required, then declined: insufficient funds' },
];

const BY_NUMBER = new Map(TEST_CARDS.map((c) => [c.number, c]));
const BY_KEY = new Map(TEST_CARDS.map((c) => [c.key, c]));

export function testCardByKey(key: string): TestCard | null {
  return BY_KEY.get(key) ?? null;
}

/** A card-detail problem, in Stripe's words (`card_error` with a code and a `param`). */
export interface CardInputError {
  code: string;
  declineCode?: string;
  message: string;
  param: string;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Check card details the way Stripe does when a payment method is created, then refuse anything
 * that is not one of the listed test cards.
 */
export function checkTestCard(input: CardInput, now: Date): { card: TestCard } | { error: CardInputError } {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
    return {
      error: { code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' },
    };
  }
  const card = BY_NUMBER.get(digits);
  if (!card) {
    return {
      error: {
        code: 'card_declined',
        declineCode: 'test_mode_live_card',
        message: NOT_A_TEST_CARD_MESSAGE,
        param: 'number',
      },
    };
  }
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    return {
      error: {
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: 'exp_month',
      },
    };
  }
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear) {
    return {
      error: {
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is in the past.",
        param: 'exp_year',
      },
    };
  }
  if (year > thisYear + 50) {
    return {
      error: {
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: 'exp_year',
      },
    };
  }
  if (year === thisYear && input.expMonth < now.getUTCMonth() + 1) {
    return {
      error: {
        code: 'invalid_expiry_month',
        message: "Your card's expiration date is in the past.",
        param: 'exp_month',
      },
    };
  }
  const cvcLength = card.brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) {
    return { error: { code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'cvc' } };
  }
  return { card };
}
