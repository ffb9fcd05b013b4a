/**
 * Merchant queries. Soft-deleted merchants (deleted_at set) are invisible to every lookup here:
 * their payments stay, but nobody can pay them or find them in the console.
 */
import { sql } from 'kysely';
import { type DbOrTrx } from '../db/database.ts';
import { compiledOnce } from '../db/compiled.ts';
import type { Merchant, MerchantUpdate, NewMerchant } from '../db/types.ts';

// Read twice by every payment (its quote and its creation): compiled once (api/db/compiled.ts).
const merchantById = compiledOnce((db, p: { id: string }) =>
  db.selectFrom('merchants').selectAll().where('id', '=', p.id).where('deleted_at', 'is', null),
);

export async function findMerchantById(db: DbOrTrx, id: string): Promise<Merchant | undefined> {
  return (await merchantById(db, { id }))[0];
}

export async function findMerchantByShortcode(db: DbOrTrx, shortcode: string): Promise<Merchant | undefined> {
  return db
    .selectFrom('merchants')
    .selectAll()
    .where('shortcode', '=', shortcode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Legacy rows may keep their shortcode only inside `metadata` (spec §3). Only consulted when the
 * indexed column misses, so the common path stays one indexed read.
 */
export async function findMerchantByMetadataShortcode(
  db: DbOrTrx,
  shortcode: string,
): Promise<Merchant | undefined> {
  const candidates = await db
    .selectFrom('merchants')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(metadata) like ${`%${shortcode.toLowerCase().replace(/[\\%_]/g, '')}%`}`)
    .limit(50)
    .execute();
  return candidates.find((m) => {
    const meta = parseMetadata(m.metadata);
    const code = meta.shortcode ?? meta.shortCode ?? meta.short_code;
    return typeof code === 'string' && code.toLowerCase() === shortcode.toLowerCase();
  });
}

/** Merchants whose connected account is `accountId` (column or legacy column). */
export async function findMerchantsByAccount(db: DbOrTrx, accountId: string): Promise<Merchant[]> {
  return db
    .selectFrom('merchants')
    .selectAll()
    .where((eb) => eb.or([eb('stripe_account_id', '=', accountId), eb('stripe_connect_id', '=', accountId)]))
    .execute();
}

export async function insertMerchant(db: DbOrTrx, row: NewMerchant): Promise<void> {
  await db.insertInto('merchants').values(row).execute();
}

export async function updateMerchant(db: DbOrTrx, id: string, changes: MerchantUpdate): Promise<void> {
  await db.updateTable('merchants').set(changes).where('id', '=', id).execute();
}

/** `metadata` is an object or a JSON string (spec §3); anything unparseable is empty. */
export function parseMetadata(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') return parseMetadata(parsed); // double-encoded legacy rows
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The merchants not deleted, for the console's list (filters, sort and page come on top). */
export function activeMerchants(db: DbOrTrx) {
  return db.selectFrom('merchants').selectAll().where('deleted_at', 'is', null);
}

export async function setMerchantTimeZone(
  db: DbOrTrx,
  id: string,
  timeZone: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ time_zone: timeZone, last_updated: now })
    .where('id', '=', id)
    .execute();
}

/** A merchant's row whether or not it was deleted since (what a payment made with it needs). */
export async function findMerchantEvenDeleted(db: DbOrTrx, id: string): Promise<Merchant | undefined> {
  return db.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Merchants `userId` owns that are still pending (awaiting review). */
export async function pendingMerchantsOwnedBy(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('merchant_members')
    .innerJoin('merchants', 'merchants.id', 'merchant_members.merchant_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_members.user_id', '=', userId)
    .where('merchant_members.role', '=', 'owner')
    .where('merchants.status', '=', 'pending')
    .where('merchants.deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
