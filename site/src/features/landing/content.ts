/**
 * The landing page's copy. Figures and fees are the spec's marketing claims (§1, §9); keep them in
 * step with the pricing the server actually applies (PLATFORM_FEE_BPS, surcharge default).
 */

export const STATS = [
  {
    value: '3,217+',
    label: 'construction insolvencies in 2024',
    note: 'Every one leaves suppliers with unpaid invoices.',
  },
  {
    value: '60-90 days',
    label: 'typical payment cycles',
    note: 'Trade accounts tie up your cash for months.',
  },
  { value: '0%', label: 'credit risk for you', note: 'The card issuer pays you, not the builder.' },
  { value: '$10K-$25K', label: 'typical card limits', note: 'versus invoices of $30K-$100K+.' },
] as const;

export const FEATURES = [
  {
    title: 'Partial payments on any number of cards',
    body: 'Customers pay any amount up to the balance, on one card or several. Each payment shows what is left to pay.',
  },
  {
    title: 'Built into Xero and QuickBooks invoices',
    body: 'Put one payment link in your invoice template. The invoice number and amount due fill themselves in.',
  },
  {
    title: 'Invoices updated for you',
    body: 'Every payment is recorded against the invoice in your accounting system, marked paid or partially paid.',
  },
  {
    title: 'Optional card surcharge',
    body: 'Pass the card cost on with a 2.95% surcharge, or absorb it. Switch it on or off for each merchant account.',
  },
  {
    title: 'No credit risk',
    body: 'Once a card payment succeeds the money is yours. Your customer settles with their card issuer on their terms.',
  },
  {
    title: 'Card data never touches your systems',
    body: 'Payments are processed by Stripe, a PCI DSS Level 1 provider. Funds typically arrive in about 2 business days.',
  },
] as const;

export const STEPS = [
  {
    title: 'Connect Stripe',
    body: 'Connect your Stripe account in a few minutes. Payments go straight to it.',
  },
  {
    title: 'Add your payment link',
    body: 'Paste your payment URL into your Xero or QuickBooks invoice template once.',
  },
  {
    title: 'Your customer pays',
    body: 'They open the invoice, click Pay now and pay any amount on any card.',
  },
  {
    title: 'Get paid, books updated',
    body: 'Funds arrive in about 2 business days and the invoice is updated for you.',
  },
] as const;

export const PRICING_LINES = [
  {
    label: 'Platform fee',
    value: '1.25% per payment',
    note: 'Collected through Stripe, nothing to invoice.',
  },
  {
    label: 'Standard card processing',
    value: '1.7% + $0.30',
    note: 'Stripe’s fee per domestic card transaction.',
  },
  { label: 'Payout speed', value: 'About 2 business days', note: 'Straight to your bank account.' },
  {
    label: 'Customer surcharge',
    value: 'Optional, 2.95% default',
    note: 'Pass the card cost to your customer. Switch it on or off at any time.',
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'Our builders used to stall on big timber orders because their cards topped out at $20K. Now they split the invoice across two cards and we are paid the same week.',
    who: 'Accounts manager',
    org: 'Timber and hardware supplier, New South Wales',
  },
  {
    quote:
      'The payment link sits in our Xero template and the invoices update themselves. Debtor days dropped from about 70 to under 20.',
    who: 'Finance director',
    org: 'Concrete and aggregates supplier, Victoria',
  },
  {
    quote:
      'Turning the surcharge on covered our card costs from day one. Customers get the card points, we get the cash.',
    who: 'Owner',
    org: 'Plumbing supplies wholesaler, Queensland',
  },
] as const;

export const FAQ = [
  {
    q: 'Does my customer need an account to pay?',
    a: 'No. They open the payment link on your invoice, see the invoice number and amount due, and pay by card. No sign-up, no app.',
  },
  {
    q: 'Can a customer pay only part of an invoice?',
    a: 'Yes. They can pay any amount up to the balance, on as many cards as they need. Each payment shows the remaining balance, and the invoice is marked partially paid until it is settled.',
  },
  {
    q: 'What does it cost?',
    a: 'There is no monthly fee. We charge a 1.25% platform fee per payment, on top of Stripe’s standard 1.7% + $0.30 per domestic card transaction. You can pass the cost on with an optional surcharge (2.95% by default).',
  },
  {
    q: 'Which cards are accepted?',
    a: 'Visa, Mastercard and American Express cards issued in Australia. International cards are not covered.',
  },
] as const;
