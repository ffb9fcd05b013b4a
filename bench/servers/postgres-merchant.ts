/**
 * A connected merchant for a server whose database is PostgreSQL (the several-process benchmark
 * and crash test): the same row tests/e2e/support/pay-fixtures.ts writes into a SQLite file.
 */
import pg from 'pg';
import type { TestMerchant } from '../../tests/e2e/support/pay-fixtures.ts';

export async function createPostgresMerchant(
  url: string,
  businessName = 'Hardware Supplies',
): Promise<TestMerchant> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const row: Record<string, unknown> = {
    id,
    shortcode: id.slice(0, 8),
    business_name: businessName,
    name: 'Pat Owner',
    email: `owner-${id.slice(0, 8)}@supplier.test`,
    stripe_account_id: `acct_e2e${id.replace(/-/g, '').slice(0, 16)}`,
    stripe_onboarding_complete: 1,
    stripe_charges_enabled: 1,
    surcharge_enabled: 1,
    surcharge_bps: 295,
    created_at: now,
    last_updated: now,
  };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cols = Object.keys(row);
    await client.query(
      `INSERT INTO merchants (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  } finally {
    await client.end();
  }
  return {
    id,
    shortcode: row.shortcode as string,
    accountId: row.stripe_account_id as string,
    name: businessName,
  };
}
