/** API key rows: the console's reads (with the merchant's name), the guard's lookup by hash, and the key's writes. */
import type { DbOrTrx } from '../../db/database.ts';
import type { ApiKey, MemberRole, NewApiKey } from '../../db/types.ts';

/** Every key with its merchant's name (null for an all-merchant key), for the console's list and reads. */
export function apiKeysWithMerchant(db: DbOrTrx) {
  return db
    .selectFrom('api_keys')
    .leftJoin('merchants', 'merchants.id', 'api_keys.merchant_id')
    .selectAll('api_keys')
    .select('merchants.business_name as merchant_name');
}

/**
 * Whether a key may name this merchant: it exists and is not deleted. Keys sit below merchants (the
 * merchants domain imports auth), so this reads the row the keys' foreign key points at, as the
 * joins above do, rather than calling the merchants domain.
 */
export async function merchantIsLive(db: DbOrTrx, merchantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('merchants')
    .select('id')
    .where('id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function findApiKeyWithMerchant(db: DbOrTrx, id: string) {
  return apiKeysWithMerchant(db).where('api_keys.id', '=', id).executeTakeFirst();
}

export type KeyRow = ApiKey & {
  merchant_deleted_at: string | null;
  /** The maker now: their account's role and email, and their role in the key's merchant (null: none). */
  maker_user_role: 'user' | 'admin' | null;
  maker_email: string | null;
  maker_email_verified_at: string | null;
  maker_member_role: MemberRole | null;
};

/**
 * The key a bearer token's hash names, with whether its merchant was deleted and who its maker is
 * now (their account and their role in the key's merchant): one statement, read at each use.
 */
export function findKeyByHash(db: DbOrTrx, keyHash: string): Promise<KeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .leftJoin('merchants', 'merchants.id', 'api_keys.merchant_id')
    .leftJoin('users as maker', 'maker.id', 'api_keys.created_by')
    .leftJoin('merchant_members as maker_member', (join) =>
      join
        .onRef('maker_member.user_id', '=', 'api_keys.created_by')
        .onRef('maker_member.merchant_id', '=', 'api_keys.merchant_id'),
    )
    .selectAll('api_keys')
    .select([
      'merchants.deleted_at as merchant_deleted_at',
      'maker.role as maker_user_role',
      'maker.email as maker_email',
      'maker.email_verified_at as maker_email_verified_at',
      'maker_member.role as maker_member_role',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function insertApiKey(db: DbOrTrx, row: NewApiKey): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** Revoke a key that is not revoked yet (a second revocation keeps the first's time). */
export async function markRevoked(db: DbOrTrx, id: string, at: string, by: string | null): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: at, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function markUsed(db: DbOrTrx, id: string, at: string, ip: string | null): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at, last_used_ip: ip }).where('id', '=', id).execute();
}
