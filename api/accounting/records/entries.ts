/**
 * The records a connector created for a refund or a write-off (accounting_entries: one row per
 * record, e.g. credit note, cash refund, surcharge refund, lowered payment) and the "Needs
 * attention" list (accounting_attention): subjects the accounting tool refused for a reason a
 * person must fix first, with the step to take.
 */
import type { AppDeps } from '../../context.ts';
import type { DbOrTrx } from '../../db/database.ts';
import type { AccountingEntriesTable } from '../../db/types.ts';
import type { Selectable } from 'kysely';
import type { AccountingProvider, ExternalRecord, StepLog } from '../connector.ts';
import { deleteAttention, entriesOfSubjects, insertEntry, upsertAttention } from '../repository.ts';
import { newRowId } from '../../db/row-id.ts';

export type AccountingEntry = Selectable<AccountingEntriesTable>;

export interface EntrySubject {
  provider: AccountingProvider;
  merchantId: string;
  paymentId: string | null;
  type: 'refund' | 'write_off';
  id: string;
  currency: string;
}

export async function entriesFor(db: DbOrTrx, provider: AccountingProvider, subjectIds: string[]) {
  if (subjectIds.length === 0) return [];
  return entriesOfSubjects(db, provider, subjectIds);
}

/** A StepLog over the entries already loaded for `subject`; `save` stores a new one (once). */
export function stepLog(deps: AppDeps, subject: EntrySubject, known: AccountingEntry[]): StepLog {
  const mine = new Map(
    known
      .filter((e) => e.subject_id === subject.id)
      .map((e) => [e.step, { id: e.external_id, number: e.external_number }] as const),
  );
  return {
    get: (step) => mine.get(step),
    async save(step: string, record: ExternalRecord, amount: number, date: string) {
      mine.set(step, record);
      const now = deps.clock.now().toISOString();
      await insertEntry(deps.database.db, {
        id: newRowId(),
        provider: subject.provider,
        merchant_id: subject.merchantId,
        payment_id: subject.paymentId,
        subject_type: subject.type,
        subject_id: subject.id,
        step,
        external_id: record.id,
        external_number: record.number,
        amount,
        currency: subject.currency,
        entry_date: date,
        created_at: now,
      });
    },
  };
}

export async function flagAttention(deps: AppDeps, subject: EntrySubject, message: string): Promise<void> {
  const now = deps.clock.now().toISOString();
  await upsertAttention(deps.database.db, {
    subject_id: subject.id,
    subject_type: subject.type,
    provider: subject.provider,
    merchant_id: subject.merchantId,
    payment_id: subject.paymentId,
    message,
    created_at: now,
    updated_at: now,
  });
}

export async function clearAttention(deps: AppDeps, subjectIds: string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await deleteAttention(deps.database.db, subjectIds);
}
