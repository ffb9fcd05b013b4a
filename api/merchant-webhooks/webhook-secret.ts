/**
 * Per-merchant webhook signing secrets: created on first need, stored sealed (AES-256-GCM, bound to
 * the merchant and column), revealed and rotated by admins. A rotation keeps the old secret valid
 * for `ROTATION_OVERLAP_HOURS` (24 h; 0 ends it at once, for a leaked secret): meanwhile every
 * delivery carries both signatures (`v1=<new>,v1=<old>`, as Stripe does), so a receiver still
 * holding the old secret keeps verifying until its owner swaps it in.
 */
import type { Actor } from '../audit/actor.ts';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import { getMerchantOr404 } from '../merchants/service.ts';
import type { DbOrTrx } from '../db/database.ts';
import { newWebhookSecret } from './webhook-payload.ts';
import { openSecret, sealSecret } from '../secret-box.ts';
import { sealedWebhookSecrets, storeFirstWebhookSecret, storeWebhookSecrets } from './repository.ts';

export const ROTATION_OVERLAP_HOURS = 24;

const context = (merchantId: string) => `merchant:${merchantId}:webhook_secret`;
const previousContext = (merchantId: string) => `merchant:${merchantId}:webhook_secret_previous`;

/** The merchant's secret, creating it when there is none yet. */
export async function webhookSecretFor(deps: AppDeps, db: DbOrTrx, merchantId: string): Promise<string> {
  const row = await sealedWebhookSecrets(db, merchantId);
  if (row?.webhook_secret) return openSecret(deps.config, row.webhook_secret, context(merchantId));
  const secret = newWebhookSecret();
  // Two first deliveries racing both try to create one: only the first write wins, both read it back.
  await storeFirstWebhookSecret(db, merchantId, sealSecret(deps.config, secret, context(merchantId)));
  const stored = await sealedWebhookSecrets(db, merchantId);
  return openSecret(deps.config, stored!.webhook_secret!, context(merchantId));
}

/** The secrets a delivery is signed with now: the current one first, then the previous one during its overlap. */
export async function signingSecretsFor(deps: AppDeps, db: DbOrTrx, merchantId: string): Promise<string[]> {
  const current = await webhookSecretFor(deps, db, merchantId);
  const row = await sealedWebhookSecrets(db, merchantId);
  const until = row?.webhook_secret_previous_until;
  if (!row?.webhook_secret_previous || !until || until <= deps.clock.now().toISOString()) return [current];
  return [current, openSecret(deps.config, row.webhook_secret_previous, previousContext(merchantId))];
}

/** When the previous secret stops signing, if one still does. */
export async function previousSecretUntil(
  deps: AppDeps,
  db: DbOrTrx,
  merchantId: string,
): Promise<string | null> {
  const row = await sealedWebhookSecrets(db, merchantId);
  const until = row?.webhook_secret_previous_until ?? null;
  return until && until > deps.clock.now().toISOString() ? until : null;
}

/**
 * A new secret; the current one keeps signing for `overlapHours` more (0: not at all). Returns the
 * new secret and when the old one stops (null when it stopped at once).
 */
export async function rotateWebhookSecret(
  deps: AppDeps,
  db: DbOrTrx,
  merchantId: string,
  overlapHours = ROTATION_OVERLAP_HOURS,
): Promise<{ secret: string; previousValidUntil: string | null }> {
  const old = await webhookSecretFor(deps, db, merchantId);
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const until = overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000).toISOString() : null;
  await storeWebhookSecrets(db, merchantId, {
    webhook_secret: sealSecret(deps.config, secret, context(merchantId)),
    webhook_secret_previous: until ? sealSecret(deps.config, old, previousContext(merchantId)) : null,
    webhook_secret_previous_until: until,
    last_updated: now.toISOString(),
  });
  return { secret, previousValidUntil: until };
}

/** An admin's rotation: a new secret, the previous one kept valid for `hours`, audited. */
export async function rotateWebhookSecretAudited(
  deps: AppDeps,
  merchantId: string,
  hours: number,
  actor: Actor,
) {
  await getMerchantOr404(deps, merchantId);
  return deps.database.db.transaction().execute(async (trx) => {
    const rotated = await rotateWebhookSecret(deps, trx, merchantId, hours);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.webhook_secret_rotate',
        targetType: 'merchant',
        targetId: merchantId,
        details: { previous_valid_until: rotated.previousValidUntil },
        ip: actor.ip,
      },
      deps.clock,
    );
    return rotated;
  });
}
