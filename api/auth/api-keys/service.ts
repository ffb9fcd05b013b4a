/**
 * API keys as the console manages them (create, list, revoke) and as the guard finds them. A key is
 * shown once, at creation; afterwards only its prefix. Revoking keeps the row (the audit log and
 * the list still name it) and refuses the key at once in every process (the guard reads the row on
 * every request). Creating and revoking are audited; so is every use (api/auth/api-keys/usage.ts).
 */
import { audit } from '../../audit/service.ts';
import type { AppDeps } from '../../context.ts';
import type { ApiKey } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { defineList } from '../../http/simple-rest.ts';
import type { Actor } from '../../audit/actor.ts';
import { newApiKey, serverKeyMode } from './keys.ts';
import { findApiKeyWithMerchant, insertApiKey, markRevoked, merchantIsLive } from './repository.ts';

export const API_KEY_NOT_FOUND = 'API key not found';

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export interface CreateApiKeyInput {
  name: string;
  /** null: every merchant. */
  merchant_id: string | null;
  permission: 'read' | 'write';
  /** ISO timestamp, or null for a key that does not expire. */
  expires_at: string | null;
}

export function keyStatus(k: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now: Date): ApiKeyStatus {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && k.expires_at <= now.toISOString()) return 'expired';
  return 'active';
}

export function toApiKey(k: ApiKey & { merchant_name?: string | null }, now: Date) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    mode: k.mode,
    merchant_id: k.merchant_id,
    merchant_name: k.merchant_name ?? null,
    scope: k.merchant_id ? ('merchant' as const) : ('all' as const),
    permission: k.permission,
    status: keyStatus(k, now),
    expires_at: k.expires_at,
    revoked_at: k.revoked_at,
    last_used_at: k.last_used_at,
    last_used_ip: k.last_used_ip,
    created_by: k.created_by,
    created_by_email: k.created_by_email,
    created_at: k.created_at,
  };
}

export const apiKeyList = defineList({
  resource: 'api-keys',
  sortable: {
    id: 'api_keys.id',
    name: 'api_keys.name',
    created_at: 'api_keys.created_at',
    last_used_at: 'api_keys.last_used_at',
    expires_at: 'api_keys.expires_at',
  },
  defaultSort: ['created_at', 'DESC'],
  tiebreaker: 'api_keys.id',
  filters: {
    q: { search: ['api_keys.name', 'api_keys.prefix'] },
    id: { column: 'api_keys.id' },
    merchant_id: { column: 'api_keys.merchant_id' },
    permission: { column: 'api_keys.permission' },
    mode: { column: 'api_keys.mode' },
  },
});

export async function getApiKeyOr404(deps: AppDeps, id: string) {
  const row = await findApiKeyWithMerchant(deps.database.db, id);
  if (!row) throw new AppError('not_found', API_KEY_NOT_FOUND);
  return row;
}

/** Create a key; the answer is the only time `secret` is ever shown. */
export async function createApiKey(deps: AppDeps, input: CreateApiKeyInput, actor: Actor) {
  const now = deps.clock.now();
  if (input.expires_at && Date.parse(input.expires_at) <= now.getTime())
    throw new AppError('validation_failed', 'The expiry must be in the future.', { field: 'expires_at' });
  if (input.merchant_id) {
    if (!(await merchantIsLive(deps.database.db, input.merchant_id)))
      throw new AppError('validation_failed', 'Merchant not found', { field: 'merchant_id' });
  }
  const mode = serverKeyMode(deps);
  const { key, prefix, hash } = newApiKey(mode);
  const id = crypto.randomUUID();
  const expiresAt = input.expires_at ? new Date(input.expires_at).toISOString() : null;
  await deps.database.db.transaction().execute(async (trx) => {
    await insertApiKey(trx, {
      id,
      name: input.name,
      prefix,
      key_hash: hash,
      mode,
      merchant_id: input.merchant_id,
      permission: input.permission,
      expires_at: expiresAt,
      created_by: actor.user?.id ?? null,
      created_by_email: actor.user?.email ?? null,
      created_at: now.toISOString(),
    });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'api_key.create',
        targetType: 'api_key',
        targetId: id,
        merchantId: input.merchant_id,
        details: {
          name: input.name,
          prefix,
          merchant_id: input.merchant_id,
          permission: input.permission,
          expires_at: expiresAt,
        },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  return { ...toApiKey(await getApiKeyOr404(deps, id), now), secret: key };
}

/** Revoke a key (idempotent: a revoked key stays revoked with its first revocation's time). */
export async function revokeApiKey(deps: AppDeps, id: string, actor: Actor) {
  const key = await getApiKeyOr404(deps, id);
  if (!key.revoked_at) {
    const now = deps.clock.now().toISOString();
    await deps.database.db.transaction().execute(async (trx) => {
      await markRevoked(trx, id, now, actor.user?.id ?? null);
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'api_key.revoke',
          targetType: 'api_key',
          targetId: id,
          merchantId: key.merchant_id,
          details: { name: key.name, prefix: key.prefix },
          ip: actor.ip,
        },
        deps.clock,
      );
    });
  }
  return toApiKey(await getApiKeyOr404(deps, id), deps.clock.now());
}
