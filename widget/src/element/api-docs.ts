/**
 * The element's public surface described for tools: attributes, events, CSS custom properties and
 * parts. The build turns it into the package's `custom-elements.json` (scripts/widget-package.ts);
 * tests/unit/widget-package.test.ts checks it against the element's attribute list and the
 * TypeScript declarations, so none of them can drift. Not part of any browser bundle.
 */
export interface AttributeDoc {
  name: string;
  property: string;
  type: string;
  description: string;
  default?: string;
}

export const ATTRIBUTE_DOCS: AttributeDoc[] = [
  {
    name: 'merchant',
    property: 'merchant',
    type: 'string',
    description: 'Merchant id (console → Merchant Details); a short value is taken as a shortcode.',
  },
  {
    name: 'shortcode',
    property: 'shortcode',
    type: 'string',
    description: "The merchant's 8-character shortcode, instead of merchant.",
  },
  {
    name: 'invoice',
    property: 'invoice',
    type: 'string',
    description: 'Invoice number (required; at most 100 characters).',
  },
  {
    name: 'amount',
    property: 'amount',
    type: 'string',
    description:
      'Amount due in major units as the accounting tool writes it ("1,250.00"); omit it to let the customer type the amount.',
  },
  { name: 'currency', property: 'currency', type: 'string', description: 'ISO 4217 code.', default: 'AUD' },
  {
    name: 'api',
    property: 'api',
    type: 'string',
    description:
      'InvoicePay origin; default: the origin the script was loaded from. Required when the ES module is bundled into an app.',
  },
  {
    name: 'locale',
    property: 'locale',
    type: 'string',
    description:
      "BCP 47 locale for money and dates; default in English: en-US money and the merchant's country's dates, else the language of lang.",
  },
  {
    name: 'theme',
    property: 'theme',
    type: "'light' | 'dark' | 'auto'",
    description: 'Colour theme; auto follows prefers-color-scheme.',
    default: 'light',
  },
  {
    name: 'customer-email',
    property: 'customerEmail',
    type: 'string',
    description: 'Prefills the receipt email field.',
  },
  {
    name: 'reference',
    property: 'reference',
    type: 'string',
    description:
      'Your reference for the payment (at most 200 characters): stored on it, shown in the console, sent in the events and the automation webhook.',
  },
  {
    name: 'return-url',
    property: 'returnUrl',
    type: 'string',
    description:
      "Where End Session takes the customer (http or https); without it the element shows its own 'session ended' view.",
  },
  {
    name: 'loading',
    property: 'loading',
    type: "'lazy' | 'eager'",
    description:
      'lazy: the pay form loads when the element nears the viewport or is touched; eager: at once.',
    default: 'lazy',
  },
  { name: 'debug', property: 'debug', type: 'boolean', description: 'Present: show the debug panel.' },
  {
    name: 'lang',
    property: 'lang',
    type: 'string',
    description:
      'The element\'s language: English, or German with "de"; default: the nearest lang attribute around it, then the page\'s.',
  },
];

/** The element's methods, beside the properties that mirror its attributes. */
export const METHOD_DOCS = [
  {
    name: 'load',
    description: 'Load the pay form now, as loading="eager" does (it otherwise loads near the viewport).',
  },
];

export const EVENT_DOCS = [
  { name: 'invoice-pay:ready', description: 'The pay session loaded (once per link).' },
  {
    name: 'invoice-pay:payment',
    description:
      "A payment succeeded, or a bank debit was submitted and is clearing (detail.status 'processing'); confirmed by the server.",
  },
  {
    name: 'invoice-pay:paid',
    description: 'That payment brought the balance to 0 (after payment; not while a bank debit is clearing).',
  },
  {
    name: 'invoice-pay:error',
    description:
      'The link could not be loaded, or a payment attempt failed; detail.code and detail.message say why.',
  },
  {
    name: 'invoice-pay:end',
    description: "End Session; preventDefault() keeps the element's own view (and return-url) away.",
  },
];

export const CSS_PROPERTY_DOCS = [
  {
    name: '--invoice-pay-accent',
    description: 'Buttons, focus rings, links',
    default: '#0f5132 (dark theme #6fcf97)',
  },
  {
    name: '--invoice-pay-on-accent',
    description: 'Text on accent-coloured buttons',
    default: '#fff (dark theme #0b1f15)',
  },
  {
    name: '--invoice-pay-background',
    description: 'Panel and input background',
    default: '#fff (dark theme #161b19)',
  },
  {
    name: '--invoice-pay-surface',
    description: 'Breakdown box and other raised areas',
    default: '#f1f5f2 (dark theme #222a26)',
  },
  { name: '--invoice-pay-text', description: 'Text', default: '#111827 (dark theme #eef2ef)' },
  {
    name: '--invoice-pay-muted',
    description: 'Secondary text (merchant line, hints, labels)',
    default: '#4b5563 (dark theme #b4beb8)',
  },
  {
    name: '--invoice-pay-danger',
    description: 'Error texts and invalid borders (unset: fitted to 4.5:1 on the background)',
    default: '#b42318 (dark theme #ffaca4)',
  },
  {
    name: '--invoice-pay-success',
    description: 'Success texts (unset: fitted to 4.5:1 on the background)',
    default: '#166534 (dark theme #86efac)',
  },
  {
    name: '--invoice-pay-border',
    description: 'Borders of the panel, inputs and tables',
    default: '#6b7280 (dark theme #8a978f)',
  },
  {
    name: '--invoice-pay-radius',
    description: 'Corner radius of the panel, inputs and buttons',
    default: '8px',
  },
  { name: '--invoice-pay-font', description: 'Font family of all text', default: 'system UI font stack' },
  {
    name: '--invoice-pay-min-height',
    description: 'Space reserved for the pay form from the first frame (no layout shift when it loads)',
    default: '920px (1020px below 400px wide)',
  },
];

export const PART_DOCS = [
  { name: 'root', description: 'The whole panel' },
  { name: 'header', description: 'Merchant name, "Invoice Payment", invoice number, total and balance' },
  {
    name: 'merchant',
    description: "The merchant's name in the header (a page that names the merchant itself can hide it)",
  },
  { name: 'input', description: 'Every text input; the amount input is also `amount`' },
  { name: 'amount', description: 'The amount input' },
  { name: 'quick-amount', description: 'The 25/50/75/100 % buttons' },
  { name: 'breakdown', description: 'The amount / surcharge / total box' },
  {
    name: 'card',
    description:
      "The payment details box (the sandbox's test form, or the frame around Stripe's Payment Element)",
  },
  {
    name: 'method-choice',
    description: 'Sandbox mode with bank debit on: the Card / BECS Direct Debit choice',
  },
  { name: 'card-error', description: 'The card error message' },
  { name: 'quote', description: 'The quoted method and total above the Pay button' },
  { name: 'wait', description: 'The countdown after too many declined cards' },
  { name: 'pay-button', description: 'The Pay button' },
  {
    name: 'notice',
    description:
      'Notices: the amount prompt of a link without one, a capped balance, a balance below the card minimum',
  },
  { name: 'history', description: 'The payment history table' },
  {
    name: 'invoice-details',
    description:
      "The invoice's lines, due date and PDF from the merchant's Xero or QuickBooks (when the link may show them)",
  },
  { name: 'status-chip', description: 'A status in the payment history ("Paid", "Refunded")' },
  { name: 'result', description: 'Every result view: success, the invoice paid, the session ended' },
  { name: 'success', description: 'The success view' },
  { name: 'submitted', description: 'The result of a bank debit submitted and clearing' },
  { name: 'error', description: 'The error panels (merchant not found, invalid link, …)' },
  { name: 'debug', description: 'The debug panel (`debug` attribute)' },
];
