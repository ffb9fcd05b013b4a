/**
 * Migration 012's code step (api/migrations.ts): fill `invoices.number_key` with the
 * normalised invoice number (core/invoice-number.ts) and merge the invoices whose numbers now name
 * the same invoice (DESIGN §3.3 case 15: `INV-7`, `inv-7 `, `ＩＮＶ-7` were three ledgers).
 *
 * A group keeps its oldest row (its number as first written); everything of the others moves to it
 * — payments, write-backs, write-offs, observations — and its counters are the sums, so no payment
 * is lost and the money paid, reserved, written back and written off is what it was. Observations
 * keep their link amount; the written-back net they were seen with (S_i) was that row's alone, so
 * each gains what the other rows had written back by its time (S is one sum now). The merge is
 * recorded in the audit log (`invoice.merge`). Last, every invoice's derived terms (credible limit,
 * overpaid, why it needs attention — new in this release) are stored by the rules of ledger.ts, so
 * the console's Needs attention is complete from the start.
 */
import { sql } from 'kysely';
import { invoiceNumberKey } from '../../core/invoice-number.ts';
import { audit } from '../audit/service.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Invoice } from '../db/types.ts';
import { credibleLimitOf, invoiceTerms, paymentWrittenBackNet, type ObservationTerm } from './ledger.ts';
import { countersOf } from './repository.ts';
import { OBSERVATION_TERM_COLUMNS, observationTerm } from './observations-repository.ts';
import { refreshInvoiceTerms } from './terms.ts';

export interface MergeReport {
  keyed: number;
  merged: Array<{ into: string; from: string[] }>;
}

const UPDATE_CHUNK = 200;

export async function mergeInvoiceNumbers(trx: DbOrTrx, now: string): Promise<MergeReport> {
  const invoices = await trx.selectFrom('invoices').selectAll().orderBy('created_at').orderBy('id').execute();
  const groups = new Map<string, Invoice[]>();
  for (const invoice of invoices) {
    invoice.number_key = invoiceNumberKey(invoice.invoice_number);
    const group = `${invoice.merchant_id}\u0000${invoice.number_key}\u0000${invoice.currency}`;
    groups.set(group, [...(groups.get(group) ?? []), invoice]);
  }
  for (let i = 0; i < invoices.length; i += UPDATE_CHUNK) {
    const chunk = invoices.slice(i, i + UPDATE_CHUNK);
    const cases = sql.join(
      chunk.map((inv) => sql`when ${inv.id} then ${inv.number_key}`),
      sql` `,
    );
    await trx
      .updateTable('invoices')
      .set({ number_key: sql<string>`case id ${cases} end` })
      .where(
        'id',
        'in',
        chunk.map((inv) => inv.id),
      )
      .execute();
  }
  const report: MergeReport = { keyed: invoices.length, merged: [] };
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    await mergeGroup(trx, members, now);
    report.merged.push({ into: members[0].id, from: members.slice(1).map((m) => m.id) });
  }
  await storeDerivedTerms(trx);
  return report;
}

/** Every invoice's credible limit, overpaid flag and attention, by ledger.ts (one read of all observations). */
async function storeDerivedTerms(trx: DbOrTrx): Promise<void> {
  const observations = await trx
    .selectFrom('invoice_observations')
    .select(OBSERVATION_TERM_COLUMNS)
    .execute();
  const byInvoice = new Map<string, ObservationTerm[]>();
  for (const o of observations)
    byInvoice.set(o.invoice_id, [...(byInvoice.get(o.invoice_id) ?? []), observationTerm(o)]);
  for (const invoice of await trx.selectFrom('invoices').selectAll().execute()) {
    const terms = byInvoice.get(invoice.id) ?? [];
    const counters = { ...countersOf(invoice), credibleLimit: credibleLimitOf(terms) };
    const derived = invoiceTerms(counters, terms, invoice.currency);
    const overpaid = derived.overpaidAmount > 0 ? 1 : 0;
    if (
      counters.credibleLimit === invoice.credible_limit &&
      overpaid === invoice.overpaid &&
      derived.attention === invoice.attention
    )
      continue;
    await trx
      .updateTable('invoices')
      .set({ credible_limit: counters.credibleLimit, overpaid, attention: derived.attention })
      .where('id', '=', invoice.id)
      .execute();
  }
}

async function mergeGroup(trx: DbOrTrx, members: Invoice[], now: string): Promise<void> {
  const [keep, ...others] = members;
  const ids = members.map((m) => m.id);
  const writtenBackBy = await writtenBackAsOf(trx, ids);
  const observations = await trx
    .selectFrom('invoice_observations')
    .selectAll()
    .where('invoice_id', 'in', ids)
    .orderBy('observed_at')
    .orderBy('id')
    .execute();

  // Each observation's S as one ledger: its own row's S then, plus what the other rows had by then.
  const placed = new Map<string, (typeof observations)[number]>();
  const moves: Array<{ id: string; writtenBack: number }> = [];
  for (const o of observations) {
    const others = ids.filter((id) => id !== o.invoice_id);
    const writtenBack =
      Number(o.written_back_at_observation) +
      others.reduce((s, id) => s + writtenBackBy(id, o.observed_at), 0);
    const slot = `${o.amount}\u0000${writtenBack}`;
    const kept = placed.get(slot);
    if (!kept) {
      placed.set(slot, o);
      moves.push({ id: o.id, writtenBack });
      continue;
    }
    // The same link seen by two rows: one observation, credible if either was, dismissed only if both were.
    await trx
      .updateTable('payments')
      .set({ observation_id: kept.id })
      .where('observation_id', '=', o.id)
      .execute();
    await trx
      .updateTable('invoice_write_offs')
      .set({ observation_id: kept.id })
      .where('observation_id', '=', o.id)
      .execute();
    await trx.deleteFrom('invoice_observations').where('id', '=', o.id).execute();
    if (o.credible && !kept.credible) {
      kept.credible = 1;
      kept.credible_at = o.credible_at;
    }
    if (!o.dismissed_at) kept.dismissed_at = null;
  }
  // Two passes through values no observation has, so no (invoice, amount, S) pair collides midway.
  for (const [i, m] of moves.entries())
    await trx
      .updateTable('invoice_observations')
      .set({ invoice_id: keep.id, written_back_at_observation: -(2 ** 50) - i })
      .where('id', '=', m.id)
      .execute();
  for (const o of placed.values()) {
    const m = moves.find((x) => x.id === o.id)!;
    await trx
      .updateTable('invoice_observations')
      .set({
        written_back_at_observation: m.writtenBack,
        credible: o.credible,
        credible_at: o.credible_at,
        dismissed_at: o.dismissed_at,
        dismissed_by: o.dismissed_at ? o.dismissed_by : null,
        dismissed_reason: o.dismissed_at ? o.dismissed_reason : null,
      })
      .where('id', '=', o.id)
      .execute();
  }

  const otherIds = others.map((o) => o.id);
  await trx
    .updateTable('payments')
    .set({ invoice_id: keep.id })
    .where('invoice_id', 'in', otherIds)
    .execute();
  await trx
    .updateTable('accounting_writebacks')
    .set({ invoice_id: keep.id })
    .where('invoice_id', 'in', otherIds)
    .execute();
  await trx
    .updateTable('invoice_write_offs')
    .set({ invoice_id: keep.id })
    .where('invoice_id', 'in', otherIds)
    .execute();
  const sum = (pick: (i: Invoice) => number) => members.reduce((s, m) => s + Number(pick(m)), 0);
  await trx.deleteFrom('invoices').where('id', 'in', otherIds).execute();
  await trx
    .updateTable('invoices')
    .set({
      paid_amount: sum((m) => m.paid_amount),
      reserved_amount: sum((m) => m.reserved_amount),
      written_back_amount: sum((m) => m.written_back_amount),
      written_off_amount: sum((m) => m.written_off_amount),
      overpaid: members.some((m) => m.overpaid === 1) ? 1 : 0,
      version: Math.max(...members.map((m) => Number(m.version))) + 1,
      updated_at: now,
    })
    .where('id', '=', keep.id)
    .execute();
  await refreshInvoiceTerms(trx, keep.id, now);
  await audit(
    trx,
    {
      actor: null,
      action: 'invoice.merge',
      targetType: 'invoice',
      targetId: keep.id,
      details: {
        reason: 'The same invoice number written differently (migration 012: normalised invoice numbers)',
        invoice_number: keep.invoice_number,
        number_key: keep.number_key,
        currency: keep.currency,
        merged: others.map((m) => ({
          id: m.id,
          invoice_number: m.invoice_number,
          paid_amount: Number(m.paid_amount),
          reserved_amount: Number(m.reserved_amount),
          written_back_amount: Number(m.written_back_amount),
          written_off_amount: Number(m.written_off_amount),
        })),
      },
    },
    { now: () => new Date(now) },
    { sequenced: false }, // a migration step (012, 063): audit_log has no seq before 067
  );
}

/** S of each invoice at a time, from its write-back rows (a refund counts once its payment does). */
async function writtenBackAsOf(trx: DbOrTrx, invoiceIds: string[]) {
  const rows = await trx
    .selectFrom('accounting_writebacks')
    .select(['invoice_id', 'payment_id', 'refund_id', 'amount', 'created_at'])
    .where('invoice_id', 'in', invoiceIds)
    .execute();
  const writeOffs = await trx
    .selectFrom('invoice_write_offs')
    .select(['invoice_id', 'amount', 'recorded_at'])
    .where('invoice_id', 'in', invoiceIds)
    .where('recorded_at', 'is not', null)
    .execute();
  return (invoiceId: string, at: string): number => {
    const byPayment = new Map<string, Array<{ isRefund: boolean; amount: number }>>();
    for (const r of rows)
      if (r.invoice_id === invoiceId && r.created_at <= at)
        byPayment.set(r.payment_id, [
          ...(byPayment.get(r.payment_id) ?? []),
          { isRefund: r.refund_id !== null, amount: Number(r.amount) },
        ]);
    let total = 0;
    for (const list of byPayment.values()) total += paymentWrittenBackNet(list);
    for (const w of writeOffs)
      if (w.invoice_id === invoiceId && w.recorded_at! <= at) total += Number(w.amount);
    return total;
  };
}
