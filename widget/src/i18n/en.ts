/**
 * The widget's English texts: every word the element shows or reports comes from here (or from
 * the second language, ./de.ts, which must have the same keys). The spec's texts are kept word for
 * word. Texts with values are functions; money arrives formatted. `loading`, `loadError` and `tryAgain`
 * live in ./loading-texts.ts, so the loader (widget/src/element) takes those texts without the rest.
 * What the server says too (invalid links, amount refusals, card errors) comes from the shared
 * catalogue, core/messages.ts.
 */
import { AMOUNT_MESSAGES, CARD_MESSAGES, FIELD_MESSAGES, PAY_MESSAGES } from '../../../core/messages.ts';
import { EN_LOADING } from './loading-texts.ts';

const { loading, loadError, tryAgain } = EN_LOADING;

export const en = {
  /** BCP 47 locale for money and dates when the page sets none (DESIGN §4a: en-US). */
  locale: 'en-US',
  loading,
  fetching: 'Looking for merchant...',
  preparing: 'Preparing payment page...',

  // Links and merchants that cannot be paid. `hosted`: our /pay page; `embedded`: a merchant's site.
  notFoundTitle: 'Merchant Not Found',
  notFoundHosted: "We couldn't find the merchant you're looking for. Please check the URL and try again.",
  notFoundEmbedded:
    "This payment form isn't linked to a business we know, so it can't take payments. Please contact the business whose website this is to pay your invoice.",
  notConfiguredTitle: 'Merchant Not Configured',
  notConfigured: PAY_MESSAGES.merchantNotConfigured,
  invalidTitle: 'Invalid payment link',
  invalidNextHosted: 'Please check the payment link and try again.',
  invalidNextEmbedded:
    'This payment form is missing some details. Please contact the business whose website this is to pay your invoice.',
  missingInvoice: PAY_MESSAGES.missingInvoice,
  invalidMerchantHosted: PAY_MESSAGES.invalidMerchant,
  invalidMerchantEmbedded: 'Invalid payment link: the form does not name a merchant.',
  unsupportedCurrency: (code: string) => `Invalid payment link: unsupported currency ${code}.`,
  unavailableTitle: 'Payment page unavailable',
  loadError,
  network: 'Could not reach the payment server. Please check your connection and try again.',
  tryAgain,
  contactMerchant: (name: string) => `Contact ${name}:`,
  crashTitle: 'Something went wrong',
  crashText: (message: string) => `The payment form stopped unexpectedly: ${message}`,

  // The invoice header.
  invoicePayment: 'Invoice Payment',
  invoice: 'Invoice',
  invoiceTotal: (total: string) => `Invoice total: ${total}`,
  balance: (balance: string) => `Balance: ${balance}`,
  testMode: 'Test mode',
  // The invoice itself, from the merchant's accounting tool.
  invoiceDetails: 'Invoice details',
  dueOn: (date: string) => `due ${date}`,
  overdue: 'overdue',
  invoiceLines: (number: string) => `Lines of invoice ${number}`,
  lineDescription: 'Description',
  lineQuantity: 'Quantity',
  lineAmount: 'Amount',
  subtotal: 'Subtotal',
  tax: 'Tax',
  total: 'Total',
  issued: 'Issued',
  invoicePdf: (tool: string) => `Download the invoice (PDF from ${tool})`,
  viewReceipt: 'View or print your receipt',

  // Amount.
  amountLabel: (currency: string) => `Payment amount (${currency})`,
  cardLimit: (maximum: string, bankDebit: boolean) =>
    `One card payment can take at most ${maximum} (the card limit, surcharge included). Pay the rest with another card` +
    (bankDebit ? ', or pay it all at once by bank debit.' : '.'),
  quickAmounts: 'Quick amounts',
  quickAmountLabel: (percent: number) => `Pay ${percent}% of the balance`,
  changeAmount: 'Change the amount to pay',
  statePrompt: 'Please enter the amount you would like to pay',
  useAmount: 'Use This Amount',
  breakdownAmount: 'Amount',
  breakdownSurcharge: (percent: string) => `Surcharge (${percent}%)`,
  breakdownTotal: 'Total',
  invalidAmount: AMOUNT_MESSAGES.invalid,
  exceedsBalance: AMOUNT_MESSAGES.exceedsBalance,
  balanceBelowMinimum: AMOUNT_MESSAGES.balanceBelowMinimum,
  belowMinimum: AMOUNT_MESSAGES.belowMinimum,
  remainderBelowMinimum: AMOUNT_MESSAGES.remainderBelowMinimum,
  aboveMaximum: AMOUNT_MESSAGES.aboveMaximum,

  // Receipt email.
  emailLabel: 'Email for receipt (optional)',
  emailInvalid: FIELD_MESSAGES.emailInvalid,

  // Payment details.
  paymentDetails: 'Card information',
  stripeStarting: 'Stripe is still initializing with the merchant account. Please try again.',
  stripeMissing: 'Stripe has not been initialized. Please refresh the page and try again.',
  cardholderName: 'Cardholder name',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry (MM/YY)',
  cardCvc: 'CVC',
  testCardsSummary: 'Test card numbers',
  testCards:
    'Test cards: 4242 4242 4242 4242 Visa credit; 4000 0566 5566 5556 Visa debit; 4000 0003 6000 0006 Australian Visa; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 insufficient funds; 4000 0000 0000 9979 stolen; 4000 0000 0000 0069 expired; 4000 0000 0000 3220 asks for 3-D Secure. Any future expiry and any CVC.',
  incompleteNumber: 'Your card number is incomplete.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  incompleteCvc: "Your card's security code is incomplete.",
  threeDsTitle: '3-D Secure authentication (test mode)',
  threeDsText: 'Your bank asks you to confirm this payment.',
  threeDsComplete: 'Complete authentication',
  threeDsFail: 'Fail authentication',

  // The method choice and the bank debit form (AU BECS Direct Debit). The mandate is
  // Stripe's Direct Debit Request text, shown beside the form as Stripe requires.
  paymentMethod: 'Payment method',
  methodCard: 'Card',
  methodBankDebit: 'BECS Direct Debit',
  accountHolderName: 'Account holder name',
  accountEmail: 'Email',
  bsb: 'BSB',
  accountNumber: 'Account number',
  // Hints in words: digits in the boxes looked like details already filled in (issue 50 item 8).
  bsbHint: '6 digits',
  accountNumberHint: 'Up to 9 digits',
  mandateText: (merchant: string) =>
    `By providing your bank account details, you agree to this Direct Debit Request and the Direct Debit Request service agreement, and authorise Stripe Payments Australia Pty Ltd ACN 160 180 343 Direct Debit User ID number 507156 ("Stripe") to debit your account through the Bulk Electronic Clearing System (BECS) on behalf of ${merchant} (the "Merchant") for any amounts separately communicated to you by the Merchant. You certify that you are either an account holder or an authorised signatory on the account listed above.`,
  mandateAccept: 'I accept the Direct Debit Request and its service agreement',
  testAccountsSummary: 'Test bank accounts',
  testAccounts:
    'Test accounts, BSB 000-000: 000123456 succeeds after a delay; 111111113 fails (account closed); 111111116 fails (insufficient funds); 222222227 succeeds, then is disputed.',
  incompleteName: 'Enter the account holder name.',
  incompleteEmail: 'Enter your email address.',
  incompleteBsb: 'Your BSB is incomplete.',
  incompleteAccountNumber: 'Your account number is incomplete.',
  mandateNotAccepted: 'Accept the Direct Debit Request to pay by bank debit.',
  noNextAction: 'This payment cannot be completed.',

  // PayTo: the customer names their account (a PayID or BSB and account number) and approves the
  // payment in their banking app; the page waits for the bank's answer with a countdown.
  methodPayTo: 'PayTo',
  payToBy: 'Pay from',
  payToByPayId: 'PayID',
  payToByAccount: 'BSB and account number',
  payToPayId: 'PayID (email, mobile number or ABN)',
  payToName: 'Your name',
  payToHowItWorks: (merchant: string) =>
    `After you press Pay, ${merchant} sends a payment request to your bank. Approve it in your banking app to pay straight from your account, in seconds.`,
  incompletePayId: 'Enter your PayID: an email address, a mobile number or an ABN.',
  testPayToSummary: 'Test PayIDs and accounts',
  testPayTo:
    'Test PayIDs: customer@payto.test waits for you to approve or decline on the test bank page (as does BSB 000-000, account 000123456); approve@payto.test approves by itself after a few seconds; decline@payto.test is declined; expire@payto.test is never approved and expires.',
  approveTitle: 'Approve the payment in your banking app',
  approveText: (merchant: string) => `Approve the payment request from ${merchant} in your banking app.`,
  approveFrom: 'From',
  approveAmount: 'Amount',
  /** `{clock}` is replaced by the countdown (kept out of the live announcements). */
  approveWithin: 'Approve within {clock}. Your payment is held for you until then.',
  approveExpired: 'The time to approve has run out. Checking with your bank...',
  approveApproved: 'Approved by your bank. Completing your payment...',
  approveWaiting: 'Waiting for your bank...',
  approveTestBank: 'Open the test bank app (test mode)',
  approveCancel: 'Cancel this payment',
  approveCancelling: 'Cancelling...',
  approveDeclined: 'The payment was declined in your banking app. No money was taken.',
  approveTimedOut: 'The payment was not approved in time. No money was taken.',
  approveCancelled: 'You cancelled the payment. No money was taken.',

  // Card errors (spec §8; the server says the same: core/card-errors.ts).
  cardInsufficientFunds: CARD_MESSAGES.insufficient_funds,
  cardLostOrStolen: CARD_MESSAGES.lost_or_stolen,
  cardExpired: CARD_MESSAGES.expired_card,
  cardDeclined: 'Your card was declined.',
  cardAuthenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  cardFallback: CARD_MESSAGES.fallback,

  // Quote and Pay.
  quoteChecking: 'Checking the total for this card...',
  quoteSurcharge: (percent: string) => `surcharge ${percent} %`,
  quoteNoSurcharge: 'no surcharge',
  quoteLine: (method: string, surcharge: string, total: string) =>
    `${method} · ${surcharge} · Total ${total}`,
  repriced: (method: string, percent: string, total: string) =>
    `The surcharge for ${method} is ${percent}%, so the total is ${total}. Please check the new total and press Pay again.`,
  /** `{clock}` is replaced by the countdown (kept out of the screen reader's live announcements). */
  waitFor: 'You can try again in {clock}.',
  pay: (total: string) => `Pay ${total}`,
  processing: 'Processing...',
  /** The server has not said yet (a server went away mid-payment): the page keeps asking. */
  checking: 'Checking your payment… Please keep this page open.',
  unconfirmed:
    "We couldn't confirm your payment yet. Please don't pay again: if it went through, you'll get a receipt by email.",
  processingError: PAY_MESSAGES.processingError,
  paymentFailed: (message: string) => `Payment failed: ${message}`,
  paymentFailedStatus: (status: string) => `Payment failed with status: ${status}`,

  // When the invoice cannot simply be paid.
  cappedNotice: (balance: string) =>
    `This invoice shows ${balance} due here. If you believe more is due, contact`,
  belowMinimumDue: (balance: string) => `${balance} is still due`,
  belowMinimumWhy: (minimum: string) =>
    `, but it can't be paid by card (the smallest card payment is ${minimum}).`,
  belowMinimumContact: 'Please contact',
  toSettle: 'to settle it.',
  fullyPaid: 'Invoice fully paid!',
  fullyPaidText: PAY_MESSAGES.fullyPaid,
  // Money held for another payment not yet received (DESIGN §3.4): being paid, never paid.
  beingPaidTitle: 'Being paid',
  beingPaidAll: 'Nothing is left to pay here right now: the rest of this invoice is being paid.',
  beingPaidSome: (left: string) => `${left} is left to pay now.`,
  beingPaidCard: (amount: string, since: string, until: string) =>
    `${amount} by card, started ${since}, waiting for the card holder's bank check (until ${until} at the latest).`,
  beingPaidCardStarting: (amount: string, since: string) => `${amount} by card, started ${since}.`,
  beingPaidDebit: (amount: string, since: string, clearsBy: string | null) =>
    `${amount} by bank debit, started ${since}` + (clearsBy ? `, expected to clear by ${clearsBy}.` : '.'),
  beingPaidPayTo: (amount: string, since: string, until: string | null) =>
    `${amount} by PayTo, started ${since}, waiting for the payer to approve it in their banking app` +
    (until ? ` (until ${until} at the latest).` : '.'),
  beingPaidAfter:
    'If a payment that is being made does not go through, its amount can be paid again. Reload this page to see the latest.',
  endSession: 'End Session',

  // Results.
  successTitle: 'Payment Successful!',
  successThanks: 'Thank you for your payment.',
  resultAmount: 'Amount',
  resultSurcharge: 'Surcharge',
  resultTotal: 'Total paid',
  resultTransaction: 'Transaction ID',
  resultRemaining: 'Remaining balance',
  submittedTitle: 'Payment submitted',
  /** The `processing` result of a bank debit: the exact words the customer is promised. */
  debitSubmitted: PAY_MESSAGES.debitSubmitted,
  resultInvoice: 'Invoice',
  resultReference: 'Reference',
  anotherPayment: 'Make Another Payment',
  endedTitle: 'Thank you',
  endedText: 'Your payment session has ended. You may close this window now.',

  // History.
  historyTitle: (count: number) => `Payment history (${count})`,
  show: 'Show',
  hide: 'Hide',
  historyDate: 'Date',
  historyAmount: 'Amount',
  historySurcharge: 'Surcharge',
  historyTotal: 'Total',
  historyStatus: 'Status',
  historyStates: {
    succeeded: 'Paid',
    processing: 'Being paid',
    partially_refunded: 'Partly refunded',
    refunded: 'Refunded',
  } as Record<string, string>,

  // The debug panel (developers; the spec's labels).
  debugLabel: 'Debug information',
  debugUrl: 'URL',
  debugApi: 'API',
  debugMerchant: 'Merchant ID',
  debugShortcode: 'Shortcode',
  debugState: 'Loading state',
  debugProvider: 'Provider',
  debugAccount: 'Connected account',
  debugNone: '(none)',
  debugUnknown: '(unknown)',
  debugLookupLabel: 'Look up merchant by id',
  debugLookup: 'Look up',
  debugUseTestId: 'Use test id',
};

export type Messages = typeof en;
