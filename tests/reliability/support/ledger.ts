/**
 * Ledger audits on a server's SQLite files (read after the server stopped or between requests),
 * shared by the crash test, the fuzzing suite and the benchmarks:
 *  - `ledgerMismatches`: every invoice's counters equal what its payments say (reserved = sum of
 *    in-flight attempts, paid = succeeded net of refunds);
 *  - `overpaidInvoices`: invoices where paid + reserved exceeds what a link the payments were made
 *    against allowed (P ≤ A_i + S_i for each observation i, DESIGN §3.3);
 *  - `providerSucceeded`: the sandbox provider's own record of succeeded intents.
 * The same audits on PostgreSQL: ledger-postgres.ts (the queries below are portable).
 */
import Database from 'better-sqlite3';

const RESERVING = ['pending', 'requires_action', 'processing'];
const SETTLED = ['succeeded', 'partially_refunded', 'refunded'];
const list = (xs: string[]) => xs.map((x) => `'${x}'`).join(', ');

export function openReadOnly(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  return db;
}

export interface LedgerMismatch {
  invoiceId: string;
  reserved: number;
  reservedByPayments: number;
  paid: number;
  paidByPayments: number;
}

export const LEDGER_SQL = `SELECT i.id AS "invoiceId", i.reserved_amount AS reserved, i.paid_amount AS paid,
   COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.invoice_id = i.id AND p.status IN (${list(RESERVING)})), 0) AS "reservedByPayments",
   COALESCE((SELECT SUM(p.amount - p.refunded_amount) FROM payments p WHERE p.invoice_id = i.id AND p.status IN (${list(SETTLED)})), 0) AS "paidByPayments"
 FROM invoices i`;

export const isLedgerMismatch = (r: LedgerMismatch) =>
  r.reserved !== r.reservedByPayments || r.paid !== r.paidByPayments;

export function ledgerMismatches(db: Database.Database): LedgerMismatch[] {
  return (db.prepare(LEDGER_SQL).all() as LedgerMismatch[]).filter(isLedgerMismatch);
}

export interface Overpaid {
  invoiceId: string;
  committed: number;
  limit: number;
}

export const OVERPAID_SQL = `SELECT i.id AS "invoiceId",
   COALESCE((SELECT SUM(p.amount - p.refunded_amount) FROM payments p WHERE p.invoice_id = i.id AND p.status IN (${list([...RESERVING, ...SETTLED])})), 0) AS committed,
   (SELECT MIN(o.amount + o.written_back_at_observation) FROM invoice_observations o
     WHERE o.invoice_id = i.id AND o.id IN (SELECT observation_id FROM payments p WHERE p.invoice_id = i.id)) AS "limit"
 FROM invoices i`;

export const isOverpaid = (r: Overpaid) => r.limit !== null && r.committed > r.limit;

export function overpaidInvoices(db: Database.Database): Overpaid[] {
  return (db.prepare(OVERPAID_SQL).all() as Overpaid[]).filter(isOverpaid);
}

export const RESERVING_SQL = `SELECT id, status, payment_intent_id FROM payments WHERE status IN (${list(RESERVING)})`;

/** Payments still holding a reservation. */
export function reservingPayments(
  db: Database.Database,
): { id: string; status: string; payment_intent_id: string | null }[] {
  return db.prepare(RESERVING_SQL).all() as any;
}

export interface ProviderCharge {
  intentId: string;
  paymentId: string | null;
  amount: number;
  amountRefunded: number;
}

/** A payment as the ledger has it, for `providerLedgerDifferences`. */
export interface RecordedPayment {
  id: string;
  payment_intent_id: string | null;
  status: string;
  total_amount: number;
}

/**
 * Where the ledger and the provider disagree (empty: provider = ledger): every charge the provider
 * reports succeeded is recorded exactly once, as succeeded, for the amount charged, under the payment
 * id its metadata names; and nothing else is recorded as succeeded. The crash and outage tests' check.
 */
export function providerLedgerDifferences(charged: ProviderCharge[], recorded: RecordedPayment[]): string[] {
  const out: string[] = [];
  for (const c of charged) {
    const rows = recorded.filter((p) => p.payment_intent_id === c.intentId);
    if (rows.length !== 1) out.push(`intent ${c.intentId}: ${rows.length} payments recorded`);
    else if (rows[0].status !== 'succeeded') out.push(`intent ${c.intentId}: recorded as ${rows[0].status}`);
    else if (rows[0].total_amount !== c.amount)
      out.push(`intent ${c.intentId}: recorded ${rows[0].total_amount}, charged ${c.amount}`);
    else if (c.paymentId !== null && rows[0].id !== c.paymentId)
      out.push(`intent ${c.intentId}: recorded under payment ${rows[0].id}, made for ${c.paymentId}`);
  }
  const chargedIds = new Set(charged.map((c) => c.intentId));
  for (const p of recorded)
    if (p.status === 'succeeded' && !chargedIds.has(p.payment_intent_id!))
      out.push(`payment ${p.id}: succeeded without a charge at the provider`);
  return out;
}

/** What the sandbox provider (its own database) says succeeded. */
export function providerSucceeded(sandbox: Database.Database): ProviderCharge[] {
  return (
    sandbox
      .prepare(
        `SELECT id, amount, amount_refunded, metadata FROM sandbox_payment_intents WHERE status = 'succeeded'`,
      )
      .all() as any[]
  ).map((r) => ({
    intentId: r.id,
    paymentId: JSON.parse(r.metadata)?.paymentId ?? null,
    amount: r.amount,
    amountRefunded: r.amount_refunded,
  }));
}

export function integrityCheck(db: Database.Database): string {
  return (db.pragma('integrity_check') as { integrity_check: string }[])
    .map((r) => r.integrity_check)
    .join('; ');
}
