/**
 * Confirmation tokens made ahead of a benchmark run, written straight into the running server's
 * sandbox database: what Stripe.js (the sandbox form, in the browser) does against the provider
 * before a customer's quote — the provider's work, not our server's, so it stays out of the
 * measured path. Test-card payment methods (Visa credit, Australian: domestic for the demo merchant)
 * on the merchant's connected account, valid for an hour.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

const id = (prefix: string) => `${prefix}_bench${randomBytes(12).toString('hex')}`;

export function createSandboxTokens(dataDir: string, account: string, count: number): string[] {
  const db = new Database(join(dataDir, 'sandbox.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const now = Math.floor(Date.now() / 1000);
    const pm = db.prepare(
      `INSERT INTO sandbox_payment_methods (id, account_id, test_card, brand, last4, funding, country, created)
       VALUES (?, ?, 'visa_au', 'visa', '0006', 'credit', 'AU', ?)`,
    );
    const token = db.prepare(
      `INSERT INTO sandbox_confirmation_tokens (id, account_id, payment_method_id, created, expires_at, payment_intent_id)
       VALUES (?, ?, ?, ?, ?, NULL)`,
    );
    const tokens: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const pmId = id('pm');
        const tokenId = id('ctoken');
        pm.run(pmId, account, now);
        token.run(tokenId, account, pmId, now, now + 3600);
        tokens.push(tokenId);
      }
    })();
    return tokens;
  } finally {
    db.close();
  }
}
