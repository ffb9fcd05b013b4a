/**
 * What the guard does with an API key (api/auth/guard.ts `requireIntegrator`): find it by its hash,
 * refuse it when it is revoked, expired, made for the other provider mode, or read-only on a write,
 * count it against its own rate limit (the shared rate-limit store: PostgreSQL across processes),
 * and record every use — allowed or refused — in the audit log (`api_key.use`: method, path,
 * status) with the key's last use.
 */
import type { AppDeps, AuthUser, Principal } from '../../context.ts';
import type { ApiKey } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { RateRule } from '../../rate-limit/limiter.ts';
import { audit } from '../../audit/service.ts';
import { hashApiKey, serverKeyMode } from './keys.ts';
import { findKeyByHash, markUsed, type KeyRow } from './repository.ts';
import { makerRefusal } from './key-access.ts';
import { isAdminUser } from '../users.ts';

export const INVALID_API_KEY = 'Invalid API key.';
export const REVOKED_API_KEY = 'This API key was revoked.';
export const READ_ONLY_API_KEY = 'This API key is read-only: it cannot change anything.';
export const expiredKeyMessage = (at: string) => `This API key expired on ${at.slice(0, 10)}.`;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isWriteMethod = (method: string) => WRITE_METHODS.has(method.toUpperCase());

export async function findKeyByToken(deps: AppDeps, token: string): Promise<KeyRow | undefined> {
  return findKeyByHash(deps.database.db, hashApiKey(token));
}

const unauthenticated = (message: string) =>
  new AppError('unauthenticated', message, { headers: { 'WWW-Authenticate': 'Bearer' } });

/** Why this key may not make this request, or null when it may. */
export function keyRefusal(deps: AppDeps, key: KeyRow, method: string, path: string): AppError | null {
  const now = deps.clock.now().toISOString();
  if (key.revoked_at) return unauthenticated(REVOKED_API_KEY);
  if (key.expires_at && key.expires_at <= now) return unauthenticated(expiredKeyMessage(key.expires_at));
  if (key.merchant_deleted_at) return unauthenticated('The merchant of this API key was deleted.');
  const mode = serverKeyMode(deps);
  if (key.mode !== mode)
    return unauthenticated(
      `This is a ${key.mode} key; this server takes ${mode} keys (ip_${mode}_…). Create one in the console.`,
    );
  if (key.permission === 'read' && isWriteMethod(method)) return new AppError('forbidden', READ_ONLY_API_KEY);
  // At most what its maker may do now (api/auth/api-keys/key-access.ts). A key made before makers
  // were recorded (none) acts as the admin that made it.
  const makerAdmin =
    key.created_by === null ||
    (key.maker_user_role !== null &&
      isAdminUser(
        {
          role: key.maker_user_role,
          email: key.maker_email ?? '',
          email_verified_at: key.maker_email_verified_at,
        },
        deps.config,
      ));
  const maker = makerRefusal(makerAdmin, key.maker_member_role, method, path);
  if (maker?.status === 401) return unauthenticated(maker.message);
  if (maker) return new AppError('forbidden', maker.message);
  return null;
}

export const apiKeyRateRule = (deps: AppDeps): RateRule => ({
  name: 'api_key',
  limit: deps.config.apiKeyRequestsPerMinute,
  windowMs: 60_000,
});

export function principalOf(key: ApiKey & { maker_email?: string | null }): Principal {
  return {
    kind: 'api_key',
    id: key.id,
    // The audit names the member behind the key (issue 49 item 4).
    label: key.maker_email ? `${key.prefix} (${key.maker_email})` : key.prefix,
    merchantId: key.merchant_id,
    canWrite: key.permission === 'write',
    userId: key.created_by,
  };
}

/**
 * The audit log's actor for what a principal does: an API key appears as `api_key:<prefix>` with the
 * key's id (audit_log.actor_id), an admin as the admin.
 */
export function actorUserOf(p: Principal): AuthUser {
  return p.kind === 'api_key'
    ? { id: p.id, email: `api_key:${p.label}`, role: 'user', emailVerified: true, isAdmin: false }
    : { id: p.id, email: p.label, role: 'admin', emailVerified: true, isAdmin: true };
}

/** One use of a key: its audit entry and its last use, in one transaction. Never throws. */
export async function recordKeyUse(
  deps: AppDeps,
  key: ApiKey & { maker_email?: string | null },
  use: { method: string; path: string; status: number; ip: string | null; requestId: string },
): Promise<void> {
  const now = deps.clock.now().toISOString();
  try {
    await deps.database.db.transaction().execute(async (trx) => {
      await markUsed(trx, key.id, now, use.ip);
      await audit(
        trx,
        {
          actor: actorUserOf(principalOf(key)),
          action: 'api_key.use',
          targetType: 'api_key',
          targetId: key.id,
          merchantId: key.merchant_id,
          details: { method: use.method, path: use.path, status: use.status, request_id: use.requestId },
          ip: use.ip,
        },
        deps.clock,
      );
    });
  } catch (err) {
    deps.logger.error({ keyId: key.id, err: (err as Error).message }, 'could not record an API key use');
  }
}
