/** The console's reads of payments: with their merchant's name, refunds, disputes and invoice. */
import type { DbOrTrx } from '../../db/database.ts';

export function paymentsWithMerchant(db: DbOrTrx) {
  return db
    .selectFrom('payments')
    .leftJoin('merchants', 'merchants.id', 'payments.merchant_id')
    .selectAll('payments')
    .select([
      'merchants.business_name as merchant_name',
      'merchants.time_zone as merchant_time_zone',
      // Where Sync would send it (with the merchant's accounting connection): the payment page.
      'merchants.make_webhook_url as merchant_webhook_url',
    ]);
}

export async function paymentWithMerchant(db: DbOrTrx, id: string) {
  return paymentsWithMerchant(db).where('payments.id', '=', id).executeTakeFirst();
}

export async function refundsOfPayment(db: DbOrTrx, paymentId: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

export async function disputesOfPayment(db: DbOrTrx, paymentId: string) {
  return db
    .selectFrom('payment_disputes')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

export async function invoiceIsOverpaid(db: DbOrTrx, invoiceId: string): Promise<boolean> {
  const invoice = await db
    .selectFrom('invoices')
    .select('overpaid')
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return invoice?.overpaid === 1;
}
