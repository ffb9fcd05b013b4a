/**
 * How a payment method is named to the customer and in the console ("Visa credit", "Mastercard
 * debit · Apple Pay"), from the facts the provider previews: the same words on the server's quote and
 * wherever the widget shows it.
 *
 * @example describePaymentMethod({ type: 'card', brand: 'visa', funding: 'credit', wallet: null }) // 'Visa credit'
 */
export interface PaymentMethodFacts {
  type: string;
  brand?: string | null;
  funding?: string | null;
  country?: string | null;
  wallet?: string | null;
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  eftpos_au: 'eftpos',
  cartes_bancaires: 'Cartes Bancaires',
};

const WALLETS: Record<string, string> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  samsung_pay: 'Samsung Pay',
  link: 'Link',
};

const TYPES: Record<string, string> = { au_becs_debit: 'Bank account (BECS Direct Debit)', payto: 'PayTo' };

export function describePaymentMethod(m: PaymentMethodFacts): string {
  if (m.type !== 'card') return TYPES[m.type] ?? m.type.replace(/_/g, ' ');
  const brand = m.brand ? (BRANDS[m.brand] ?? m.brand.charAt(0).toUpperCase() + m.brand.slice(1)) : 'Card';
  const funding = m.funding && m.funding !== 'unknown' ? ` ${m.funding}` : '';
  const wallet = m.wallet ? ` · ${WALLETS[m.wallet] ?? m.wallet.replace(/_/g, ' ')}` : '';
  return `${brand}${funding}${wallet}`;
}
