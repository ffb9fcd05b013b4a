/**
 * The sandbox provider's own database (SANDBOX_DATABASE_URL: `sqlite:PATH`, `sqlite::memory:` or a
 * postgres URL), opened with the same drivers and pragmas as ours but typed with its own tables and
 * created from its own schema file. Its transactions are independent of our ledger's, as a real
 * provider's are.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql, type Kysely, type Transaction } from 'kysely';
import { openPostgres, openSqlite, type AppDatabase, type Dialect } from '../../../db/database.ts';
import { splitStatements } from '../../../db/migrate.ts';
import { projectPath } from '../../../project-path.ts';

export interface SandboxTables {
  sandbox_settings: { key: string; value: string };
  sandbox_accounts: {
    id: string;
    type: 'standard' | 'express';
    email: string | null;
    business_name: string | null;
    charges_enabled: number;
    details_submitted: number;
    payouts_enabled: number;
    deauthorized: number;
    created: number;
  };
  sandbox_account_links: {
    token: string;
    account_id: string;
    business_name: string | null;
    refresh_url: string;
    return_url: string;
    expires_at: number;
    used_at: number | null;
  };
  sandbox_oauth_codes: { code: string; account_id: string; expires_at: number; used_at: number | null };
  sandbox_payment_methods: {
    id: string;
    account_id: string | null;
    test_card: string;
    brand: string;
    last4: string;
    funding: string;
    country: string;
    created: number;
  };
  sandbox_payment_intents: {
    id: string;
    account_id: string;
    client_secret: string;
    amount: number;
    currency: string;
    application_fee_amount: number;
    description: string | null;
    metadata: string;
    receipt_email: string | null;
    status: string;
    payment_method_id: string | null;
    last_error: string | null;
    charge_id: string | null;
    amount_refunded: number;
    application_fee_refunded: number;
    canceled_at: number | null;
    created: number;
  };
  sandbox_refunds: {
    id: string;
    payment_intent_id: string;
    amount: number;
    application_fee_refunded: number;
    status: string;
    metadata: string;
    created: number;
  };
  sandbox_confirmation_tokens: {
    id: string;
    account_id: string | null;
    payment_method_id: string;
    created: number;
    expires_at: number;
    payment_intent_id: string | null;
  };
  sandbox_payment_method_domains: {
    id: string;
    account_id: string;
    domain_name: string;
    enabled: number;
    apple_pay_status: 'active' | 'inactive';
    google_pay_status: 'active' | 'inactive';
    error_message: string | null;
    created: number;
  };
  sandbox_idempotency: {
    account_id: string;
    idempotency_key: string;
    operation: string;
    request_hash: string;
    response: string;
    created: number;
  };
  sandbox_events: {
    id: string;
    seq: number;
    type: string;
    account_id: string | null;
    payload: string;
    created: number;
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    next_attempt_at: number;
    last_status: number | null;
    last_error: string | null;
    delivered_at: number | null;
  };
}

export type SandboxDb = Kysely<SandboxTables>;
export type SandboxTrx = Transaction<SandboxTables>;
export type AccountRow = SandboxTables['sandbox_accounts'];
export type IntentRow = SandboxTables['sandbox_payment_intents'];
export type PaymentMethodRow = SandboxTables['sandbox_payment_methods'];
export type RefundRow = SandboxTables['sandbox_refunds'];
export type EventRow = SandboxTables['sandbox_events'];
export type TokenRow = SandboxTables['sandbox_confirmation_tokens'];
export type DomainRow = SandboxTables['sandbox_payment_method_domains'];

export interface SandboxDatabase {
  db: SandboxDb;
  dialect: Dialect;
  describe: string;
  close(): Promise<void>;
}

const schemaPath = projectPath('api', 'payments', 'providers', 'sandbox', 'schema.sql');

function open(url: string): AppDatabase {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, 5);
  throw new Error(`Unsupported SANDBOX_DATABASE_URL: ${url.split(':')[0]}:…`);
}

/** Open the sandbox database, create its tables if missing, and read (or create) its webhook secret. */
export async function openSandboxDatabase(
  url: string,
): Promise<{ database: SandboxDatabase; webhookSecret: string }> {
  const base = open(url);
  // Same drivers and connection setup as ours (WAL, BEGIN IMMEDIATE); only the table typing differs.
  const db = base.db as unknown as SandboxDb;
  const database: SandboxDatabase = { db, dialect: base.dialect, describe: base.describe, close: base.close };
  try {
    // WAL with synchronous=NORMAL survives a crash of the process (what the recovery story needs)
    // without a second fsync per payment beside our ledger's; power-loss durability is the ledger's job.
    if (base.dialect === 'sqlite') await sql`PRAGMA synchronous = NORMAL`.execute(db);
    const webhookSecret = await db.transaction().execute(async (trx) => {
      // Several processes may open one sandbox database at once: create the schema under a lock.
      if (base.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(7231002)`.execute(trx);
      for (const statement of splitStatements(readFileSync(schemaPath, 'utf8')))
        await sql.raw(statement).execute(trx);
      await trx
        .insertInto('sandbox_settings')
        .values({ key: 'webhook_secret', value: `whsec_sandbox_${randomBytes(24).toString('base64url')}` })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await trx
        .selectFrom('sandbox_settings')
        .select('value')
        .where('key', '=', 'webhook_secret')
        .executeTakeFirstOrThrow();
      return row.value;
    });
    return { database, webhookSecret };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
