/**
 * The cancelled page's Try Again link: back to the pay page with the invoice number, and the
 * merchant, amount and currency when the cancel URL carried them (DESIGN §4a link parameters).
 */

const first = (params: URLSearchParams, names: string[]): string | null => {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return null;
};

/** The Try Again URL, or null when the cancel URL did not say which invoice it was for. */
export function tryAgainHref(search: string): string | null {
  const params = new URLSearchParams(search);
  const invoice = first(params, ['invoice_no', 'invoiceNo', 'invoiceno', 'invoicenumber', 'INVOICENUMBER']);
  if (!invoice) return null;
  const merchant = first(params, ['merchant_id', 'merchantId', 'merchant']);
  const query = new URLSearchParams({ invoiceNo: invoice });
  const amount = first(params, ['amount', 'amountdue', 'AMOUNTDUE']);
  const currency = first(params, ['currency', 'CURRENCY']);
  if (amount) query.set('amount', amount);
  if (currency) query.set('currency', currency);
  return `${merchant ? `/pay/${encodeURIComponent(merchant)}` : '/pay'}?${query.toString()}`;
}
