/**
 * Payment row queries. Amounts are integer minor units; `amount` is the invoice (base) part,
 * `total_amount` what the card is charged (base + surcharge).
 */
import { HELD_STATUSES } from '../../core/payment-status.ts';
import { type DbOrTrx, type Dialect, type Trx } from '../db/database.ts';
import { compiledOnce, compiledPerShape } from '../db/compiled.ts';
import type {
  NewPayment,
  NewPaymentDispute,
  NewPaymentEvent,
  Payment,
  PaymentStatus,
  PaymentUpdate,
} from '../db/types.ts';
import { nextSeq } from '../db/sequence.ts';
import { newRowId } from '../db/row-id.ts';

/** Statuses that hold a reservation on the invoice balance. */
export const RESERVING: readonly PaymentStatus[] = HELD_STATUSES;
/** Statuses whose money reached the merchant (net of refunds). */
export const SETTLED: readonly PaymentStatus[] = ['succeeded', 'partially_refunded', 'refunded'];

export const isReserving = (s: PaymentStatus) => RESERVING.includes(s);
export const isSettled = (s: PaymentStatus) => SETTLED.includes(s);

// The reads of every payment (create, its outcome, its webhook): compiled once (api/db/compiled.ts).
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
  'metadata',
  'created_at',
  'updated_at',
  'seq',
] as const satisfies readonly (keyof NewPayment)[];

/** A new payment attempt: every column of ATTEMPT_COLUMNS given (null where it does not apply). */
export type NewAttempt = { [K in (typeof ATTEMPT_COLUMNS)[number]]-?: Exclude<NewPayment[K], undefined> };

// Compiled once (api/db/compiled.ts): built from a row holding exactly the attempt's columns.
const insertAttempt = compiledOnce((db, p: NewAttempt) =>
  db.insertInto('payments').values(Object.fromEntries(ATTEMPT_COLUMNS.map((c) => [c, p[c]])) as NewAttempt),
);

export async function insertPayment(trx: DbOrTrx, row: NewAttempt): Promise<void> {
  await insertAttempt(trx, row);
}

/**
 * Change a payment row. A change to `failed` (a decline, or the provider refusing the attempt) also
 * enqueues the merchant's `payment.failed` webhook event in the same transaction (api/merchant-webhooks/notify.ts).
 */
/** Change a payment's row (a change of status to `failed` goes through state-change.ts `changePayment`). */
export async function updatePayment(db: DbOrTrx, id: string, changes: PaymentUpdate): Promise<void> {
  await updateById(db, { ...changes, id } as PaymentUpdate & { id: string });
}

// A payment's changes come in a few shapes (a success, a decline, a 3-D Secure step): each compiled once.
const updateById = compiledPerShape((db, p: PaymentUpdate & { id: string }) => {
  const { id, ...changes } = p;
  return db.updateTable('payments').set(changes).where('id', '=', id);
});

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
    .orderBy('seq', 'asc')
    .limit(200)
    .execute();
}

/**
 * The money an invoice holds that has not arrived (DESIGN §3.4: shown to others as *being paid*):
 * attempts waiting for the provider or a 3-D Secure step, and bank debits clearing. Amounts, methods
 * and times only; `excludeSession`'s own attempts are left out (its page replaces them).
 */
export async function invoiceHolds(db: DbOrTrx, invoiceId: string, excludeSession: string | null) {
  return db
    .selectFrom('payments')
    .select(['amount', 'status', 'method_type', 'created_at', 'reserved_until', 'clears_by'])
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', RESERVING)
    .$if(excludeSession !== null, (qb) =>
      qb.where((eb) =>
        eb.or([eb('pay_session_id', 'is', null), eb('pay_session_id', '!=', excludeSession!)]),
      ),
    )
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .limit(50)
    .execute();
}

/**
 * Attempts on an invoice still waiting for their customer or their provider call (pending,
 * requires_action) from a pay session or a client address: DESIGN §3.4 allows one of them at a time.
 * A bank debit clearing is out of the customer's hands and is not counted.
 */
export async function unfinishedAttempts(
  db: DbOrTrx,
  invoiceId: string,
  k: { sid: string | null; ip: string | null },
): Promise<Array<{ id: string; status: PaymentStatus; reserved_until: string | null }>> {
  if (!k.sid && !k.ip) return [];
  return db
    .selectFrom('payments')
    .select(['id', 'status', 'reserved_until'])
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['pending', 'requires_action'])
    .where((eb) =>
      eb.or([
        ...(k.sid ? [eb('pay_session_id', '=', k.sid)] : []),
        ...(k.ip ? [eb('client_ip', '=', k.ip)] : []),
      ]),
    )
    .limit(5)
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

/** Record a provider dispute, or update the one already recorded; true when it is new. */
export async function upsertDispute(trx: DbOrTrx, row: Omit<NewPaymentDispute, 'id'>): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_disputes')
    .values({ id: newRowId(), ...row, seq: nextSeq() })
    .onConflict((oc) => oc.column('provider_dispute_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  await trx
    .updateTable('payment_disputes')
    .set({
      status: row.status,
      amount: row.amount,
      evidence_due_by: row.evidence_due_by,
      updated_at: row.updated_at,
    })
    .where('provider_dispute_id', '=', row.provider_dispute_id)
    .execute();
  return false;
}

/** An attempt whose provider call got no answer: its reservation held for the idempotency lease. */
export async function holdUnansweredAttempt(
  db: DbOrTrx,
  paymentId: string,
  c: { until: string; code: string; now: string },
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ reserved_until: c.until, failure_code: c.code, updated_at: c.now })
    .where('id', '=', paymentId)
    .where('status', 'in', RESERVING)
    .where('payment_intent_id', 'is', null)
    .execute();
}

/** Record a provider event as processed, once; false when it already was (a redelivery). */
export async function recordProviderEvent(db: DbOrTrx, row: NewPaymentEvent): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values({ ...row, seq: nextSeq() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What a pay session's own attempts (pending, or waiting for 3-D Secure) hold of the invoice. */
export async function reservedBySession(db: DbOrTrx, sid: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number>('amount').as('reserved'))
    .where('pay_session_id', '=', sid)
    .where('status', 'in', ['pending', 'requires_action'])
    .executeTakeFirst();
  return Number(row?.reserved ?? 0);
}

/**
 * Declines counted in the current window, and attempts whose provider call is still under way, of
 * a pay session and of a client address: what the next attempt is measured against (declines.ts).
 */

/** The invoice's payment that succeeded last (the one that paid it, when it became paid). */
export async function latestSucceededPayment(
  db: DbOrTrx,
  invoiceId: string,
): Promise<Pick<Payment, 'id'> | undefined> {
  return db
    .selectFrom('payments')
    .select('id')
    .where('invoice_id', '=', invoiceId)
    .where('succeeded_at', 'is not', null)
    .orderBy('succeeded_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}
