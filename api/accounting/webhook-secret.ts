/**
 * Per-merchant webhook signing secrets: created on first need, stored sealed (AES-256-GCM, bound to
 * the merchant), revealed and rotated by admins. Rotation takes effect for the next delivery.
 */
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import { newWebhookSecret } from './webhook-payload.ts';
import { openSecret, sealSecret } from './secret-box.ts';

const context = (merchantId: string) => `merchant:${merchantId}:webhook_secret`;

export async function storeWebhookSecret(
  deps: AppDeps,
  db: DbOrTrx,
  merchantId: string,
  secret: string,
): Promise<void> {
  await db
    .updateTable('merchants')
    .set({
      webhook_secret: sealSecret(deps.config, secret, context(merchantId)),
      last_updated: deps.clock.now().toISOString(),
    })
    .where('id', '=', merchantId)
    .execute();
}

/** The merchant's secret, creating it when there is none yet. */
export async function webhookSecretFor(deps: AppDeps, db: DbOrTrx, merchantId: string): Promise<string> {
  const row = await db
    .selectFrom('merchants')
    .select('webhook_secret')
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (row?.webhook_secret) return openSecret(deps.config, row.webhook_secret, context(merchantId));
  const secret = newWebhookSecret();
  // Two first deliveries racing both try to create one: only the first write wins, both read it back.
  await db
    .updateTable('merchants')
    .set({ webhook_secret: sealSecret(deps.config, secret, context(merchantId)) })
    .where('id', '=', merchantId)
    .where('webhook_secret', 'is', null)
    .execute();
  const stored = await db
    .selectFrom('merchants')
    .select('webhook_secret')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return openSecret(deps.config, stored.webhook_secret!, context(merchantId));
}

export async function rotateWebhookSecret(deps: AppDeps, db: DbOrTrx, merchantId: string): Promise<string> {
  const secret = newWebhookSecret();
  await storeWebhookSecret(deps, db, merchantId, secret);
  return secret;
}
