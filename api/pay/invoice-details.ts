/**
 * The invoice itself for the pay page: its lines, dates, totals and the tool's PDF, from the
 * merchant's connected Xero or QuickBooks (api/accounting/live/invoice-content.ts fetches and caches).
 * Who may see it: the invoice shows the customer's name and address and what they bought, so a link
 * must prove it came from the merchant —
 *  - a signed pay link (api/pay-links) always does;
 *  - an ordinary link (the accounting tool's template, or typed) only when the merchant turned
 *    `invoice_details_on_links` on, and only when its amount is the invoice's total or its amount
 *    due at the tool (what the tool wrote into the link it sent), not a guess of the number alone.
 * Everything else is "not available" (404), alike whether the invoice exists or not. Lookups count
 * against the pay page's distinct-invoices-per-address limit (api/pay/lookup-limit.ts).
 */
import { normalizeCurrency } from '../../core/currencies.ts';
import { linkAmountProblem, parseLinkAmount } from '../../core/money.ts';
import { invoiceContentFor, invoicePdfFor, type ContentLookup } from '../accounting/live/invoice-content.ts';
import { ConnectorError } from '../accounting/connector.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { resolveMerchant } from '../merchants/resolve.ts';
import { signedLinkOf } from '../pay-links/session.ts';
import { MISSING_INVOICE_MESSAGE } from '../payments/create/service.ts';
import { admitLookup, lookupIdentity } from './lookup-limit.ts';

export const DETAILS_NOT_AVAILABLE = 'No invoice details are available for this link.';
export const DETAILS_UNAVAILABLE =
  'The invoice could not be fetched from the accounting system just now. Try again in a minute.';

export interface LinkQuery {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
}

type Found = Extract<ContentLookup, { status: 'ok' }>;

const notAvailable = () => new AppError('not_found', DETAILS_NOT_AVAILABLE);

/** The invoice a link may show, or a 404 (400 for a malformed link, 502 when the tool is not answering). */
export async function invoiceForLink(
  deps: AppDeps,
  q: LinkQuery,
  ip: string | null,
): Promise<{ merchantId: string; invoiceNumber: string; currency: string; found: Found }> {
  const currency = normalizeCurrency(q.currency ?? 'AUD');
  if (!currency) throw new AppError('validation_failed', 'Unsupported currency', { field: 'currency' });
  const invoiceNumber = q.invoice?.trim();
  if (!invoiceNumber || invoiceNumber.length > 100)
    throw new AppError('validation_failed', MISSING_INVOICE_MESSAGE, { field: 'invoice' });
  const amountProblem = linkAmountProblem(q.amount, currency);
  if (amountProblem) throw new AppError('validation_failed', amountProblem, { field: 'amount' });
  await admitLookup(
    deps,
    ip,
    lookupIdentity(`${q.merchant ?? ''}\u0000${q.shortcode ?? ''}`, invoiceNumber, currency),
  );
  const signed = await signedLinkOf(deps, q, deps.clock.now().getTime());
  const merchant = signed?.merchant ?? (await resolveMerchant(deps.database.db, q));
  if (!signed && merchant.invoice_details_on_links !== 1) throw notAvailable();
  const found = await invoiceContentFor(deps, merchant.id, invoiceNumber, currency);
  if (found.status === 'unavailable') throw new AppError('provider_error', DETAILS_UNAVAILABLE);
  if (found.status !== 'ok') throw notAvailable();
  if (!signed) {
    // An unsigned link shows the invoice only when its amount matches it and something is due:
    // a link amount of 0 (or below) says nothing is due and shows nothing, and a paid invoice's
    // lines and PDF need a signed link (DESIGN §4a) — a number and an amount of 0 read none of them.
    const amount = parseLinkAmount(q.amount, currency);
    const matches = amount === found.content.total || amount === found.content.amountDue;
    if (amount === null || amount <= 0 || found.content.amountDue <= 0 || !matches) throw notAvailable();
  }
  return { merchantId: merchant.id, invoiceNumber, currency, found };
}

/** The invoice's details as the pay page shows them, with where its PDF is. */
export async function invoiceDetails(deps: AppDeps, q: LinkQuery, ip: string | null) {
  const { found } = await invoiceForLink(deps, q, ip);
  const query = new URLSearchParams(
    Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return { ...found.content, source: found.provider, pdfPath: `/api/pay/invoice/pdf?${query}` };
}

/** The tool's PDF of the invoice a link may show, and a file name for it. */
export async function invoicePdf(
  deps: AppDeps,
  q: LinkQuery,
  ip: string | null,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const { merchantId, invoiceNumber, currency, found } = await invoiceForLink(deps, q, ip);
  try {
    const bytes = await invoicePdfFor(deps, merchantId, invoiceNumber, currency, found);
    return { bytes, filename: `${found.content.number.replace(/[^\w.-]+/g, '_')}.pdf` };
  } catch (err) {
    if (!(err instanceof ConnectorError)) throw err;
    deps.logger.warn({ merchantId, invoiceNumber, err: err.message }, 'invoice PDF unavailable');
    throw new AppError('provider_error', DETAILS_UNAVAILABLE);
  }
}
