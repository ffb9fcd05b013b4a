/**
 * The ledger audits of ledger.ts on a PostgreSQL database (a schema the server used through
 * `DATABASE_URL`), for the several-process benchmark and crash test. Same queries, same answers.
 */
import pg from 'pg';
import {
  isLedgerMismatch,
  isOverpaid,
  LEDGER_SQL,
  OVERPAID_SQL,
  RESERVING_SQL,
  type LedgerMismatch,
  type Overpaid,
} from './ledger.ts';

export interface PostgresLedger {
  ledgerMismatches(): Promise<LedgerMismatch[]>;
  overpaidInvoices(): Promise<Overpaid[]>;
  reservingPayments(): Promise<{ id: string; status: string; payment_intent_id: string | null }[]>;
  /** Rows of any read, money columns as numbers (PostgreSQL sends BIGINT and SUM as text). */
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const MONEY = new Set([
  'reserved',
  'paid',
  'reservedByPayments',
  'paidByPayments',
  'committed',
  'limit',
  'amount',
  'total_amount',
  'reserved_amount',
  'paid_amount',
  'n',
]);

function numeric<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = MONEY.has(k) && v !== null ? Number(v) : v;
  return out as T;
}

export async function openPostgresLedger(url: string): Promise<PostgresLedger> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async <T>(sql: string, params: unknown[] = []) =>
    (await client.query(sql, params)).rows.map((r) => numeric<T>(r));
  return {
    rows,
    ledgerMismatches: async () => (await rows<LedgerMismatch>(LEDGER_SQL)).filter(isLedgerMismatch),
    overpaidInvoices: async () => (await rows<Overpaid>(OVERPAID_SQL)).filter(isOverpaid),
    reservingPayments: () => rows(RESERVING_SQL),
    close: () => client.end(),
  };
}
