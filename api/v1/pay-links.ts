/** Pay links for the integrator API (`/api/v1`): reads in the caller's merchant scope (repository.ts), newest first. */
import type { DbOrTrx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { PAY_LINK_NOT_FOUND } from '../pay-links/service.ts';
import { findPayLinkInScope, payLinkPage } from './repository.ts';

export async function payLinkOr404(db: DbOrTrx, merchantId: string | null, id: string) {
  const link = await findPayLinkInScope(db, merchantId, id);
  if (!link) throw new AppError('not_found', PAY_LINK_NOT_FOUND);
  return link;
}

/** A page of links, by invoice number (however written) and status (active, expired or canceled at `now`). */
export function listPayLinks(
  db: DbOrTrx,
  merchantId: string | null,
  now: string,
  filters: Parameters<typeof payLinkPage>[4],
) {
  return payLinkPage(db, merchantId, now, PAY_LINK_NOT_FOUND, filters);
}
