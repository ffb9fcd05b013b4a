/**
 * Connect `state` (DESIGN §4b): not the merchant id, but a signed, single-use, expiring nonce stored
 * in oauth_states that names the merchant — so a forged or replayed callback cannot attach an
 * account to a merchant.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';

export const CONNECT_STATE_TTL_MS = 30 * 60 * 1000;

function mac(secret: string | null, nonce: string): string {
  if (!secret) throw new Error('JWT_SECRET is not configured');
  return createHmac('sha256', secret).update(`invoicepay connect-state v1.${nonce}`).digest('base64url');
}

export async function issueConnectState(
  deps: AppDeps,
  db: DbOrTrx,
  merchantId: string,
  purpose: 'oauth' | 'onboarding',
): Promise<string> {
  const nonce = randomBytes(18).toString('base64url');
  const now = deps.clock.now();
  await db
    .insertInto('oauth_states')
    .values({
      nonce,
      merchant_id: merchantId,
      purpose: `stripe_${purpose}`,
      expires_at: new Date(now.getTime() + CONNECT_STATE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return `${nonce}.${mac(deps.config.jwtSecret, nonce)}`;
}

/**
 * Consume a state: valid signature, known, unexpired and unused. Returns the merchant and purpose,
 * or null. Single use: the row is marked used atomically, so a replay finds it used.
 */
export async function consumeConnectState(
  deps: AppDeps,
  db: DbOrTrx,
  state: string,
): Promise<{ merchantId: string; purpose: 'oauth' | 'onboarding' } | null> {
  const [nonce, signature] = state.split('.');
  if (!nonce || !signature || nonce.length > 100) return null;
  const expected = Buffer.from(mac(deps.config.jwtSecret, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const now = deps.clock.now().toISOString();
  const row = await db.selectFrom('oauth_states').selectAll().where('nonce', '=', nonce).executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= now || !row.purpose.startsWith('stripe_')) return null;
  const used = await db
    .updateTable('oauth_states')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) return null;
  return { merchantId: row.merchant_id, purpose: row.purpose === 'stripe_oauth' ? 'oauth' : 'onboarding' };
}
