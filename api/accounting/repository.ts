/**
 * Accounting's rows: what was posted to Xero or QuickBooks (a payment's record, the entries of each
 * step, what needs an admin), and what a payment's sync jobs go to.
 */
import type { Insertable } from 'kysely';
import { type DbOrTrx } from '../db/database.ts';
import { compiledOnce } from '../db/compiled.ts';
import type { AccountingAttentionTable, AccountingEntriesTable } from '../db/types.ts';
import { nextSeq } from '../db/sequence.ts';

type Provider = 'xero' | 'quickbooks';

/** The payment's record of what was posted to the connected tool (one per payment). */
export function findAccountingRecord(db: DbOrTrx, paymentId: string) {
  return db
    .selectFrom('accounting_records')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

export async function deleteAccountingRecord(db: DbOrTrx, paymentId: string): Promise<void> {
  await db.deleteFrom('accounting_records').where('payment_id', '=', paymentId).execute();
}

/** Start the payment's record for `provider`, unless one exists (a racing delivery made it). */
export async function startAccountingRecord(
  db: DbOrTrx,
  paymentId: string,
  provider: Provider,
  now: string,
): Promise<void> {
  await db
    .insertInto('accounting_records')
    .values({ payment_id: paymentId, provider, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

export async function updateAccountingRecord(
  db: DbOrTrx,
  paymentId: string,
  changes: Record<string, unknown>,
  now: string,
): Promise<void> {
  await db
    .updateTable('accounting_records')
    .set({ ...changes, updated_at: now })
    .where('payment_id', '=', paymentId)
    .execute();
}

/** The entries already posted for these subjects in `provider`, oldest first. */
export function entriesOfSubjects(db: DbOrTrx, provider: Provider, subjectIds: string[]) {
  return db
    .selectFrom('accounting_entries')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject_id', 'in', subjectIds)
    .orderBy('created_at', 'asc')
    .orderBy('seq', 'asc')
    .execute();
}

/** Record a posted step (once: a step already recorded is kept). */
export async function insertEntry(db: DbOrTrx, row: Insertable<AccountingEntriesTable>): Promise<void> {
  await db
    .insertInto('accounting_entries')
    .values({ ...row, seq: nextSeq() })
    .onConflict((oc) => oc.columns(['provider', 'subject_id', 'step']).doNothing())
    .execute();
}

/** Flag a subject for an admin (or update its message). */
export async function upsertAttention(db: DbOrTrx, row: Insertable<AccountingAttentionTable>): Promise<void> {
  await db
    .insertInto('accounting_attention')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('subject_id')
        .doUpdateSet({ message: row.message, provider: row.provider, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteAttention(db: DbOrTrx, subjectIds: string[]): Promise<void> {
  await db.deleteFrom('accounting_attention').where('subject_id', 'in', subjectIds).execute();
}

// Read by every payment's success (its sync jobs): compiled once (api/db/compiled.ts).
const syncTargets = compiledOnce((db, p: { merchantId: string }) =>
  db
    .selectFrom('merchants')
    .leftJoin('accounting_connections as c', 'c.merchant_id', 'merchants.id')
    .select([
      'merchants.id',
      'merchants.make_webhook_url',
      'merchants.make_scenario_id',
      'merchants.time_zone',
      'merchants.webhook_version',
      'merchants.webhook_enabled_events',
      'c.provider',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('webhook_endpoints as e')
              .select('e.id')
              .whereRef('e.merchant_id', '=', 'merchants.id')
              .where('e.status', '=', 'enabled')
              .where('e.deleted_at', 'is', null),
          )
          .as('has_endpoints'),
    ])
    .where('merchants.id', '=', p.merchantId),
);

/** What a merchant's sync jobs go to: its automation webhook settings and its connection's provider, in one read. */
export async function syncTargetRow(db: DbOrTrx, merchantId: string) {
  return (await syncTargets(db, { merchantId }))[0];
}

/** The tools a payment has something waiting for an admin in. */
export function attentionOfPayment(db: DbOrTrx, paymentId: string) {
  return db
    .selectFrom('accounting_attention')
    .select('provider')
    .where('payment_id', '=', paymentId)
    .execute();
}
