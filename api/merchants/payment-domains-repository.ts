/** The payment method domains tracked per merchant (wallets on the pay page and the merchant's own sites). */
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';
import type { PaymentMethodDomainRow, PaymentMethodDomainsTable } from '../db/types.ts';

export function domainsOfMerchant(db: DbOrTrx, merchantId: string): Promise<PaymentMethodDomainRow[]> {
  return db
    .selectFrom('payment_method_domains')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .orderBy('domain')
    .execute();
}

export function findDomainOfMerchant(db: DbOrTrx, merchantId: string, id: string) {
  return db
    .selectFrom('payment_method_domains')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export function findDomainByName(db: DbOrTrx, merchantId: string, domain: string) {
  return db
    .selectFrom('payment_method_domains')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('domain', '=', domain)
    .executeTakeFirst();
}

/** Track a domain, or point the one already tracked at `stripe_account_id`; the row as it now stands. */
export async function upsertDomain(
  db: DbOrTrx,
  row: Insertable<PaymentMethodDomainsTable>,
): Promise<PaymentMethodDomainRow> {
  await db
    .insertInto('payment_method_domains')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'domain']).doUpdateSet({ stripe_account_id: row.stripe_account_id }),
    )
    .execute();
  return (await findDomainByName(db, row.merchant_id, row.domain))!;
}

/** Change a tracked domain; the row as it now stands. */
export async function updateDomain(
  db: DbOrTrx,
  id: string,
  changes: Updateable<PaymentMethodDomainsTable>,
): Promise<PaymentMethodDomainRow> {
  await db.updateTable('payment_method_domains').set(changes).where('id', '=', id).execute();
  return db.selectFrom('payment_method_domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function deleteDomain(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('payment_method_domains').where('id', '=', id).execute();
}
