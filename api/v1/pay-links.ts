/** Pay links for the integrator API (`/api/v1`): reads in the caller's merchant scope, newest first. */
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import type { DbOrTrx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { PAY_LINK_NOT_FOUND } from '../pay-links/service.ts';
import { pageOf, type PageQuery } from './http.ts';

function linksInScope(db: DbOrTrx, merchantId: string | null) {
  return db
    .selectFrom('pay_links')
    .selectAll()
    .$if(merchantId !== null, (q) => q.where('merchant_id', '=', merchantId!));
}

export async function payLinkOr404(db: DbOrTrx, merchantId: string | null, id: string) {
  const link = await linksInScope(db, merchantId).where('id', '=', id).executeTakeFirst();
  if (!link) throw new AppError('not_found', PAY_LINK_NOT_FOUND);
  return link;
}

/** A page of links, by invoice number (however written) and status (active, expired or canceled at `now`). */
export async function listPayLinks(
  db: DbOrTrx,
  merchantId: string | null,
  now: string,
  filters: { invoice_number?: string; status?: 'active' | 'expired' | 'canceled' } & PageQuery,
) {
  let base = linksInScope(db, merchantId);
  if (filters.invoice_number) {
    const key = invoiceNumberKey(filters.invoice_number);
    base = base.where('invoice_id', 'in', (eb) =>
      eb.selectFrom('invoices').select('id').where('number_key', '=', key),
    );
  }
  if (filters.status === 'canceled') base = base.where('canceled_at', 'is not', null);
  if (filters.status === 'expired')
    base = base.where('canceled_at', 'is', null).where('expires_at', '<=', now);
  if (filters.status === 'active')
    base = base
      .where('canceled_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  return pageOf(
    base,
    { createdAt: 'created_at', id: 'id' },
    filters,
    (id) => linksInScope(db, merchantId).where('id', '=', id).executeTakeFirst(),
    PAY_LINK_NOT_FOUND,
  );
}
