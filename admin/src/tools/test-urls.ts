/** The Test Xero URLs page's links and what its parameters make of them (TestXeroUrls.tsx). */
export const TEST_CURRENCIES = ['AUD', 'USD', 'NZD', 'GBP', 'EUR'] as const;
export const TEST_MERCHANTS = 5;

export function randomInvoiceNumber(): string {
  return `INV-${Math.floor(10000 + Math.random() * 90000)}`;
}

export function testPayUrl(
  origin: string,
  merchantId: string,
  invoice: string,
  currency: string,
  amount: string,
): string {
  // An empty amount is left out (the customer types it), never sent as `amount=`.
  const params = new URLSearchParams({ invoiceno: invoice, currency, ...(amount ? { amount } : {}) });
  return `${origin}/pay/${merchantId}?${params}`;
}

/**
 * What the parameters make of a link, before anyone opens it: no invoice number is a broken link
 * (nothing to build); no amount, or nothing due, are links that work differently from a usual
 * invoice (said, not refused).
 */
export function testUrlProblems(
  invoice: string,
  amount: string,
): { invoice?: string; amount?: string; blocking: boolean } {
  const problems: { invoice?: string; amount?: string; blocking: boolean } = { blocking: false };
  if (!invoice.trim()) {
    problems.invoice = 'console.test_urls.invoice_required';
    problems.blocking = true;
  }
  if (!amount) problems.amount = 'console.test_urls.amount_empty';
  else if (!/^\d*\.?\d+$|^\d+\.$/.test(amount)) {
    problems.amount = 'console.test_urls.amount_invalid';
    problems.blocking = true;
  } else if (Number(amount) === 0) problems.amount = 'console.test_urls.amount_zero';
  return problems;
}
