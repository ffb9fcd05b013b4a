/**
 * The OAuth `state` of a merchant's connection flows (DESIGN §4b), Stripe Connect and the accounting
 * tools alike: not the merchant id, but a signed, single-use, expiring nonce stored in oauth_states
 * that names the merchant and the flow, so a forged or replayed callback cannot attach an account
 * to a merchant.
 *
 * @example
 * const state = await issueOAuthState(deps, db, merchant.id, 'xero_oauth'); // `${nonce}.${mac}`
 * // …the provider sends the admin back with ?state=…
 * const consumed = await consumeOAuthState(deps, db, body.state, ['xero_oauth', 'quickbooks_oauth']);
 * if (!consumed) throw new AppError('validation_failed', BAD_STATE, { field: 'state' });
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';

export const OAUTH_STATE_TTL_MS = 30 * 60 * 1000;

/** What a state was issued for: a callback for one flow never completes another. */
export type OAuthStatePurpose = 'stripe_oauth' | 'stripe_onboarding' | 'xero_oauth' | 'quickbooks_oauth';

function mac(secret: string | null, nonce: string): string {
  if (!secret) throw new Error('JWT_SECRET is not configured');
  return createHmac('sha256', secret).update(`invoicepay oauth-state v1.${nonce}`).digest('base64url');
}

export async function issueOAuthState(
  deps: AppDeps,
  db: DbOrTrx,
  merchantId: string,
  purpose: OAuthStatePurpose,
): Promise<string> {
  const nonce = randomBytes(18).toString('base64url');
  const now = deps.clock.now();
  await db
    .insertInto('oauth_states')
    .values({
      nonce,
      merchant_id: merchantId,
      purpose,
      expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return `${nonce}.${mac(deps.config.jwtSecret, nonce)}`;
}

/**
 * Consume a state: valid signature, known, unexpired, unused and issued for one of `purposes`.
 * Returns the merchant and the purpose, or null. Single use: the row is marked used atomically, so
 * a replay (or a concurrent second callback) finds it used.
 */
export async function consumeOAuthState<P extends OAuthStatePurpose>(
  deps: AppDeps,
  db: DbOrTrx,
  state: string,
  purposes: readonly P[],
): Promise<{ merchantId: string; purpose: P } | null> {
  const [nonce, signature] = state.split('.');
  if (!nonce || !signature || nonce.length > 100) return null;
  const expected = Buffer.from(mac(deps.config.jwtSecret, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const now = deps.clock.now().toISOString();
  const row = await db.selectFrom('oauth_states').selectAll().where('nonce', '=', nonce).executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now) return null;
  const purpose = purposes.find((p) => p === row.purpose);
  if (!purpose) return null;
  const used = await db
    .updateTable('oauth_states')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) return null;
  return { merchantId: row.merchant_id, purpose };
}
