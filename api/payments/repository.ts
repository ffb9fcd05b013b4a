/**
 * Payment row queries. Amounts are integer minor units; `amount` is the invoice (base) part,
 * `total_amount` what the card is charged (base + surcharge).
 */
import { compiledOnce, type DbOrTrx, type Dialect, type Trx } from '../db/database.ts';
import type { NewPayment, Payment, PaymentStatus, PaymentUpdate } from '../db/types.ts';
import { notifyPaymentFailed } from '../accounting/notify.ts';

/** Statuses that hold a reservation on the invoice balance. */
export const RESERVING: readonly PaymentStatus[] = ['pending', 'requires_action', 'processing'];
/** Statuses whose money reached the merchant (net of refunds). */
export const SETTLED: readonly PaymentStatus[] = ['succeeded', 'partially_refunded', 'refunded'];

export const isReserving = (s: PaymentStatus) => RESERVING.includes(s);
export const isSettled = (s: PaymentStatus) => SETTLED.includes(s);

// The reads of every payment (create, its outcome, its webhook): compiled once (api/db/database.ts).
const paymentById = compiledOnce((db, p: { id: string }) =>
  db.selectFrom('payments').selectAll().where('id', '=', p.id),
);
const paymentByIdForUpdate = compiledOnce((db, p: { id: string }) =>
  db.selectFrom('payments').selectAll().where('id', '=', p.id).forUpdate(),
);
const paymentByIntent = compiledOnce((db, p: { intentId: string }) =>
  db.selectFrom('payments').selectAll().where('payment_intent_id', '=', p.intentId),
);

export async function findPayment(db: DbOrTrx, id: string): Promise<Payment | undefined> {
  return (await paymentById(db, { id }))[0];
}

export async function findPaymentByIntent(db: DbOrTrx, intentId: string): Promise<Payment | undefined> {
  return (await paymentByIntent(db, { intentId }))[0];
}

/** The payment row locked for this transaction (row lock on PostgreSQL; SQLite is serialised). */
export async function lockPayment(trx: Trx, dialect: Dialect, id: string): Promise<Payment | undefined> {
  return (await (dialect === 'postgres' ? paymentByIdForUpdate : paymentById)(trx, { id }))[0];
}

/** The columns a payment attempt is created with: always all of them, so one SQL text serves every insert. */
const ATTEMPT_COLUMNS = [
  'id',
  'merchant_id',
  'invoice_id',
  'observation_id',
  'invoice_number',
  'currency',
  'amount',
  'surcharge',
  'surcharge_bps',
  'surcharge_rule',
  'platform_fee',
  'total_amount',
  'link_amount',
  'provider',
  'pay_session_id',
  'stripe_connect_account_id',
  'provider_idempotency_key',
  'payment_method_id',
  'confirmation_token',
  'quoted_method',
  'method_type',
  'status',
  'reserved_until',
  'customer_email',
  'client_ip',
  'card_brand',
  'card_last4',
  'card_funding',
  'card_country',
  'card_wallet',
  'bank_last4',
  'reference',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewPayment)[];

/** A new payment attempt: every column of ATTEMPT_COLUMNS given (null where it does not apply). */
export type NewAttempt = { [K in (typeof ATTEMPT_COLUMNS)[number]]-?: Exclude<NewPayment[K], undefined> };

// Compiled once (api/db/database.ts): built from a row holding exactly the attempt's columns.
const insertAttempt = compiledOnce((db, p: NewAttempt) =>
  db.insertInto('payments').values(Object.fromEntries(ATTEMPT_COLUMNS.map((c) => [c, p[c]])) as NewAttempt),
);

export async function insertPayment(trx: DbOrTrx, row: NewAttempt): Promise<void> {
  await insertAttempt(trx, row);
}

/**
 * Change a payment row. A change to `failed` (a decline, or the provider refusing the attempt) also
 * enqueues the merchant's `payment.failed` webhook event in the same transaction (api/accounting/notify.ts).
 */
export async function updatePayment(db: DbOrTrx, id: string, changes: PaymentUpdate): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
  if (changes.status === 'failed')
    await notifyPaymentFailed(db, id, changes.updated_at ? new Date(changes.updated_at) : new Date());
}

/**
 * A pay session's abandoned attempts, replaced by its next one: waiting for a 3-D Secure step, or
 * pending after their provider call ended without an answer (marked, or past their hold). In-flight
 * ones are not.
 */
export async function replaceableAttempts(
  db: DbOrTrx,
  paySessionId: string,
  now: string,
): Promise<Payment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('pay_session_id', '=', paySessionId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'requires_action'),
        eb.and([
          eb('status', '=', 'pending'),
          eb.or([eb('reserved_until', '<=', now), eb('failure_code', '=', 'provider_unanswered')]),
        ]),
      ]),
    )
    .execute();
}

/** What a customer may see of an invoice's history: no customer data. */
export async function invoiceHistory(db: DbOrTrx, invoiceId: string) {
  return db
    .selectFrom('payments')
    .select([
      'amount',
      'surcharge',
      'total_amount',
      'refunded_amount',
      'status',
      'succeeded_at',
      'created_at',
    ])
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['succeeded', 'processing', 'partially_refunded', 'refunded'])
    .orderBy('created_at', 'asc')
    .limit(200)
    .execute();
}

/** Reservations past their time that can still be cancelled (processing ones cannot). */
export async function dueReservations(
  db: DbOrTrx,
  now: string,
  limit: number,
  after?: { reservedUntil: string; id: string },
): Promise<Payment[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', ['pending', 'requires_action'])
    .where('reserved_until', '<', now)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('reserved_until', '>', after!.reservedUntil),
          eb.and([eb('reserved_until', '=', after!.reservedUntil), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('reserved_until', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}
