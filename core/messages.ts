/**
 * The user-facing messages the server and the browsers both say, written once: the API answers
 * with them and the widget, the hosted pages, the site and the console show the same words (the
 * spec's texts are kept word for word). Messages with values are functions; money arrives
 * formatted. Translations (widget/src/i18n/de.ts, the console's i18n) translate these English texts.
 * Messages only one side says stay with that side.
 */

/** The pay flow: links and merchants that cannot be paid, and a payment that failed on our side. */
export const PAY_MESSAGES = {
  invalidMerchant: 'Invalid merchant. Please check the URL and try again.',
  merchantNotConfigured:
    "This merchant hasn't completed their payment setup yet. Please contact them directly.",
  missingInvoice: 'Invalid payment link: the invoice number is missing.',
  processingError: 'There was an error processing your payment. Please try again.',
  /** The payment success page, when its link names no payment, or the payment is not found. */
  invalidPaymentSession: 'Invalid payment session.',
  detailsFailed: 'Unable to retrieve payment details. Please contact support.',
  /** Widget and success page, when the balance reaches 0. */
  fullyPaid: 'This invoice has been fully paid. Thank you!',
  /** A bank debit submitted and clearing: the exact words the customer is promised. */
  debitSubmitted:
    "Payment submitted — bank debits take up to 3 business days to clear. We'll email a receipt when it clears.",
};

/** Why an amount cannot be paid (core/charge-limits.ts decides; DESIGN §3.3). */
export const AMOUNT_MESSAGES = {
  invalid: 'Please enter a valid payment amount.',
  exceedsBalance: (balance: string) => `Payment amount cannot exceed the remaining balance of ${balance}.`,
  balanceBelowMinimum: (balance: string, minimum: string) =>
    `The remaining ${balance} is below the smallest card payment (${minimum}) and can't be paid by card.`,
  belowMinimum: (minimum: string) => `The minimum payment is ${minimum}.`,
  remainderBelowMinimum: (rest: string, balance: string, minimum: string) =>
    `This would leave ${rest}, less than the smallest card payment. Pay ${balance}, or leave at least ${minimum}.`,
  aboveMaximum: 'This amount is above the card limit per payment; please split it across cards.',
  /** The same limit for a bank payment (BECS Direct Debit, PayTo): no cards to split it across. */
  aboveMaximumBank: 'This amount is above the limit for one payment; please pay it in parts.',
};

/** Card errors under the card box (spec §8; core/card-errors.ts picks one). */
export const CARD_MESSAGES = {
  insufficient_funds: 'Your card has insufficient funds. Please try a different payment method.',
  lost_or_stolen: 'This card has been reported as lost or stolen. Please use a different card.',
  expired_card: 'Your card has expired. Please update your card information or use a different card.',
  fallback: 'Payment processing failed. Please try again.',
};

/** Form fields the server checks again (sign-up, sign-in, the receipt email, the contact form). */
export const FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: 'Password must be at least 6 characters',
};

/** Accounts (spec §5): email links, password reset, a session that has ended. */
export const ACCOUNT_MESSAGES = {
  verifyLinkInvalid: 'This confirmation link is invalid or has expired.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordChanged: 'Your password has been changed. You can now sign in.',
  loginRequired: 'You must be logged in to perform this action.',
};

/** The Stripe Connect return (spec §4 "Connect callback"). */
export const CONNECT_MESSAGES = {
  noCode: 'No authorization code received from Stripe',
  noState: 'No merchant ID provided in the callback URL state parameter',
  connectFailed: 'Failed to connect to Stripe',
  disconnectFailed: 'Failed to disconnect Stripe account',
};
