/**
 * The cancelled page's Try Again link. A cancel URL names the invoice and the merchant (by id or
 * shortcode), and may carry the link's amount and currency, in the pay link's own parameters
 * (DESIGN §4a), e.g. `/cancel?invoice_no=INV-7&merchant_id=…&amount=250.00&currency=AUD`.
 * Try Again goes back to the pay page of that merchant and invoice. A cancel URL that names no
 * merchant cannot lead to a working pay page, so then Try Again is offered only when the customer
 * came from one of our pay pages (the referrer), never as a link that ends in "Invalid merchant".
 */
import { CURRENCY_PARAMS, parsePayLink } from '../../../../core/link-params.ts';

/** Where Try Again leads, or null when neither the cancel URL nor the referrer names a pay page. */
export function tryAgainHref(search: string, referrer = '', origin = ''): string | null {
  const params = new URLSearchParams(search);
  const link = parsePayLink(params);
  if (link.invoiceNumber && (link.merchantId || link.shortcode)) {
    const query = new URLSearchParams({ invoiceNo: link.invoiceNumber });
    if (link.amountRaw) query.set('amount', link.amountRaw);
    if (link.currencyValid && CURRENCY_PARAMS.some((n) => params.has(n)))
      query.set('currency', link.currency);
    if (link.merchantId) return `/pay/${encodeURIComponent(link.merchantId)}?${query}`;
    query.set('shortcode', link.shortcode!);
    return `/pay?${query}`;
  }
  return payPageReferrer(referrer, origin);
}

/** The customer's own pay page when they came from one on this site (same origin, /pay…, a merchant named). */
function payPageReferrer(referrer: string, origin: string): string | null {
  if (!referrer || !origin) return null;
  try {
    const url = new URL(referrer);
    if (url.origin !== origin || !/^\/pay(\/|$)/.test(url.pathname)) return null;
    const segment = url.pathname.split('/')[2] || null;
    const link = parsePayLink(url.searchParams, segment ? decodeURIComponent(segment) : null);
    return link.merchantId || link.shortcode ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
