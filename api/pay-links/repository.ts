/** Signed pay link rows (api/pay-links): made, found by id or short code, canceled, and whether an observation still has a use. */
import type { DbOrTrx } from '../db/database.ts';
import type { PayLink } from '../db/types.ts';

export async function insertPayLink(db: DbOrTrx, row: PayLink): Promise<void> {
  await db.insertInto('pay_links').values(row).execute();
}

export function findPayLink(db: DbOrTrx, id: string): Promise<PayLink | undefined> {
  return db.selectFrom('pay_links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every link with its merchant's name (the console's list filters and pages it). */
export function payLinksWithMerchant(db: DbOrTrx) {
  return db
    .selectFrom('pay_links')
    .leftJoin('merchants', 'merchants.id', 'pay_links.merchant_id')
    .selectAll('pay_links')
    .select('merchants.business_name as merchant_name');
}

export function findPayLinkByShortCode(db: DbOrTrx, code: string): Promise<PayLink | undefined> {
  return db.selectFrom('pay_links').selectAll().where('short_code', '=', code).executeTakeFirst();
}

export async function markPayLinkCanceled(db: DbOrTrx, id: string, at: string): Promise<void> {
  await db.updateTable('pay_links').set({ canceled_at: at }).where('id', '=', id).execute();
}

/**
 * Whether an observation a link was made on is still in use besides `exceptLink`: a payment made
 * through it (under way or settled), or another link that is not canceled.
 */
export async function observationInUse(
  db: DbOrTrx,
  observationId: string,
  exceptLink: string,
): Promise<boolean> {
  const paid = await db
    .selectFrom('payments')
    .select('id')
    .where('observation_id', '=', observationId)
    .where('status', 'in', [
      'pending',
      'requires_action',
      'processing',
      'succeeded',
      'partially_refunded',
      'refunded',
    ])
    .limit(1)
    .executeTakeFirst();
  if (paid) return true;
  const otherLink = await db
    .selectFrom('pay_links')
    .select('id')
    .where('observation_id', '=', observationId)
    .where('id', '<>', exceptLink)
    .where('canceled_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!otherLink;
}
