/**
 * The invoice itself, from the merchant's connected Xero or QuickBooks, for the pay page (issue 36,
 * "beyond the walk"): its lines, dates and totals, and the tool's own PDF. Fetched on the server
 * with the merchant's connection (the browser never sees a token or the tool's ids), and cached
 * like the live amount due: per merchant + invoice + currency, 30 s for the content (10 s for a
 * failure) and 5 minutes for a PDF (a few at a time: they are the largest answers we hold). Who
 * may see it is the pay route's decision (api/pay/invoice-routes.ts), not this module's.
 *
 * @example const found = await invoiceContentFor(deps, merchant.id, 'INV-1', 'AUD'); // { status: 'ok', content }
 */
import type { AppDeps } from '../../context.ts';
import { ConnectorError } from '../connector.ts';
import type { ContentLookup, Entry } from './invoice-content-cache.ts';
import { INVOICE_CONTENTS } from './invoice-content-cache.ts';
import { findConnection, withSession } from '../connections/connections.ts';
import { LIVE_CACHE_MS, LIVE_FAILURE_CACHE_MS, LIVE_TIMEOUT_MS } from './live-amount.ts';

export type { ContentLookup } from './invoice-content-cache.ts';

export const PDF_CACHE_MS = 5 * 60_000;
/** PDFs held at once (each up to MAX_PDF_BYTES; usually tens of kilobytes). */
const PDF_CACHE_ENTRIES = 20;
/** The PDF is read while the customer waits for a download: a little longer than a lookup. */
const PDF_TIMEOUT_MS = 10_000;

const keyOf = (merchantId: string, invoiceNumber: string, currency: string) =>
  `${merchantId}|${invoiceNumber}|${currency.toUpperCase()}`;

function remember<T>(cache: Map<string, Entry<T>>, key: string, value: T, ms: number, max: number): void {
  if (cache.size >= max) cache.delete(cache.keys().next().value!); // the oldest
  cache.set(key, { expires: Date.now() + ms, value });
}

export async function invoiceContentFor(
  deps: AppDeps,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
): Promise<ContentLookup> {
  const connection = await findConnection(deps.database.db, merchantId);
  if (!connection) return { status: 'not_connected' };
  const cache = deps.caches.of(INVOICE_CONTENTS).contents;
  const key = keyOf(merchantId, invoiceNumber, currency);
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value;
  let value: ContentLookup;
  try {
    value = await withSession(
      deps,
      connection,
      async (s, connector) => {
        const invoice = await connector.findInvoice(s, invoiceNumber);
        if (!invoice || invoice.currency !== currency.toUpperCase()) return { status: 'not_found' } as const;
        const content = await connector.invoiceContent(s, invoice);
        return { status: 'ok', content, provider: connection.provider, invoice } as const;
      },
      { timeoutMs: LIVE_TIMEOUT_MS },
    );
  } catch (err) {
    if (!(err instanceof ConnectorError)) throw err;
    deps.logger.warn({ merchantId, invoiceNumber, err: err.message }, 'invoice details unavailable');
    value = { status: 'unavailable', error: err.message };
  }
  remember(cache, key, value, value.status === 'unavailable' ? LIVE_FAILURE_CACHE_MS : LIVE_CACHE_MS, 5000);
  return value;
}

/** The tool's PDF of an invoice `invoiceContentFor` found; a ConnectorError when the tool does not give it. */
export async function invoicePdfFor(
  deps: AppDeps,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
  found: Extract<ContentLookup, { status: 'ok' }>,
): Promise<Uint8Array> {
  const cache = deps.caches.of(INVOICE_CONTENTS).pdfs;
  const key = keyOf(merchantId, invoiceNumber, currency);
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value;
  const connection = await findConnection(deps.database.db, merchantId);
  if (!connection) throw new ConnectorError('The accounting connection was removed', { retryable: false });
  const pdf = await withSession(deps, connection, (s, connector) => connector.invoicePdf(s, found.invoice), {
    timeoutMs: PDF_TIMEOUT_MS,
  });
  remember(cache, key, pdf, PDF_CACHE_MS, PDF_CACHE_ENTRIES);
  return pdf;
}

/** Drop what is cached of an invoice (we just recorded a payment on it there). */
export function invalidateInvoiceContent(deps: AppDeps, merchantId: string, invoiceNumber: string): void {
  const prefix = `${merchantId}|${invoiceNumber}|`;
  for (const cache of [deps.caches.of(INVOICE_CONTENTS).contents, deps.caches.of(INVOICE_CONTENTS).pdfs])
    for (const k of cache.keys()) if (k.startsWith(prefix)) cache.delete(k);
}
