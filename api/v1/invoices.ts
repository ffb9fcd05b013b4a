/**
 * Invoices, merchants and the caller's own key for the integrator API (`/api/v1`): reads in the
 * caller's merchant scope (repository.ts), pages newest first, and the v1 objects (an invoice with
 * the ledger's terms).
 */
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { observationTermsOf } from '../invoices/holds.ts';
import { toV1Invoice } from '../public-objects/objects.ts';
import { findInvoiceInScope, INVOICE_NOT_FOUND, invoicePage } from './repository.ts';

export {
  apiKeyById,
  findMerchantInScope as merchantInScope,
  merchantPage as listMerchants,
} from './repository.ts';

async function v1Invoices(db: DbOrTrx, invoices: Invoice[]) {
  const observations = await observationTermsOf(
    db,
    invoices.map((i) => i.id),
  );
  return invoices.map((i) => toV1Invoice(i, observations.get(i.id) ?? []));
}

export async function listInvoices(
  db: DbOrTrx,
  merchantId: string | null,
  filters: Parameters<typeof invoicePage>[2],
) {
  const { rows, hasMore } = await invoicePage(db, merchantId, filters);
  return { rows: await v1Invoices(db, rows), hasMore };
}

export async function invoiceOr404(db: DbOrTrx, merchantId: string | null, id: string) {
  const row = await findInvoiceInScope(db, merchantId, id);
  if (!row) throw new AppError('not_found', INVOICE_NOT_FOUND);
  return (await v1Invoices(db, [row]))[0];
}
