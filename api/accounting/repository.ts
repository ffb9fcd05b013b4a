/** Accounting's reads that its routes need (the automation webhook's deliveries and tests). */
import type { DbOrTrx } from '../db/database.ts';

/** Every recorded webhook delivery, for the console's list (filters, sort and page come on top). */
export function allWebhookDeliveries(db: DbOrTrx) {
  return db.selectFrom('webhook_deliveries').selectAll();
}

export async function findWebhookDelivery(db: DbOrTrx, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A merchant's 20 latest test deliveries, newest first. */
export async function recentWebhookTests(db: DbOrTrx, merchantId: string) {
  return db
    .selectFrom('webhook_tests')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}
