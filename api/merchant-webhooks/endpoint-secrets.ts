/**
 * A webhook endpoint's signing secret: made with the endpoint and shown once (in the answer that
 * creates it, and in the one that rotates it), stored sealed and bound to the endpoint. A rotation
 * keeps the old secret signing too for up to 24 h, as the automation webhook's does
 * (api/merchant-webhooks/webhook-secret.ts).
 */
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { WebhookEndpoint } from '../db/types.ts';
import { updateEndpoint } from './repository.ts';
import { openSecret, sealSecret } from '../secret-box.ts';
import { newWebhookSecret } from './webhook-payload.ts';

const context = (endpointId: string) => `webhook_endpoint:${endpointId}:secret`;
const previousContext = (endpointId: string) => `webhook_endpoint:${endpointId}:secret_previous`;

/** A new secret for a new endpoint: the plain one to show, the sealed one to store. */
export function newEndpointSecret(deps: Pick<AppDeps, 'config'>, endpointId: string) {
  const secret = newWebhookSecret();
  return { secret, sealed: sealSecret(deps.config, secret, context(endpointId)) };
}

/** The secrets a delivery is signed with now: the current one, then the previous during its overlap. */
export function endpointSigningSecrets(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  endpoint: Pick<WebhookEndpoint, 'id' | 'secret' | 'secret_previous' | 'secret_previous_until'>,
): string[] {
  const current = openSecret(deps.config, endpoint.secret, context(endpoint.id));
  const until = endpoint.secret_previous_until;
  if (!endpoint.secret_previous || !until || until <= deps.clock.now().toISOString()) return [current];
  return [current, openSecret(deps.config, endpoint.secret_previous, previousContext(endpoint.id))];
}

/** Replace the secret; the old one keeps signing for `overlapHours` (0: not at all). */
export async function rotateEndpointSecret(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  db: DbOrTrx,
  endpoint: Pick<WebhookEndpoint, 'id' | 'secret'>,
  overlapHours: number,
): Promise<{ secret: string; previousValidUntil: string | null }> {
  const old = openSecret(deps.config, endpoint.secret, context(endpoint.id));
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const until = overlapHours > 0 ? new Date(now.getTime() + overlapHours * 3_600_000).toISOString() : null;
  await updateEndpoint(db, endpoint.id, {
    secret: sealSecret(deps.config, secret, context(endpoint.id)),
    secret_previous: until ? sealSecret(deps.config, old, previousContext(endpoint.id)) : null,
    secret_previous_until: until,
    updated_at: now.toISOString(),
  });
  return { secret, previousValidUntil: until };
}
