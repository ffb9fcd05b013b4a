/**
 * Finding the merchant a pay link names (spec §2 "Payment page", §3) and its connected account.
 *
 * A link names the merchant by id (a path segment longer than 30 characters is an id), or by
 * shortcode (the first 8 characters of the id, its own UNIQUE column; legacy rows keep it in
 * `metadata`). The connected-account id is looked up in the spec's order: stripe_account_id,
 * stripe_connect_id, stripe_id, connected_account_id, then the same names inside `metadata`.
 */
import { PAY_MESSAGES } from '../../core/messages.ts';
import { MERCHANT_ID_MIN_LENGTH } from '../../core/link-params.ts';
import { cacheKey } from '../app-caches.ts';
import type { AppDeps } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Merchant } from '../db/types.ts';
import { AppError } from '../errors.ts';
import {
  findMerchantById,
  findMerchantByMetadataShortcode,
  findMerchantByShortcode,
  parseMetadata,
} from './repository.ts';
import { MERCHANT_CHANGES } from './changes.ts';

export const INVALID_MERCHANT_MESSAGE = PAY_MESSAGES.invalidMerchant;
export const MERCHANT_NOT_FOUND_MESSAGE = 'Could not find the merchant. Please check the URL and try again.';
export const NOT_CONNECTED_MESSAGE = 'This merchant has not connected their Stripe account';
export const NOT_READY_MESSAGE = PAY_MESSAGES.merchantNotConfigured;
/** A suspended merchant's links refuse payment, naming the merchant (issue 50 item 4). */
export const merchantInactiveMessage = (businessName: string) =>
  `${businessName} is not taking card payments at the moment. Please contact them to pay this invoice.`;

const ACCOUNT_FIELDS = [
  'stripe_account_id',
  'stripe_connect_id',
  'stripe_id',
  'connected_account_id',
] as const;

/** The merchant's connected account id, or null. Accepts rows with extra legacy columns. */
export function connectedAccountId(
  merchant: Pick<Merchant, 'metadata'> & Record<string, unknown>,
): string | null {
  for (const field of ACCOUNT_FIELDS) {
    const value = merchant[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  const meta = parseMetadata(merchant.metadata);
  for (const field of ACCOUNT_FIELDS) {
    const value = meta[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

const SHORTCODE_PATTERN = /^[A-Za-z0-9-]{1,30}$/;

/**
 * Resolve `merchant` (an id, or a shortcode when 30 characters or fewer) or `shortcode`.
 * Throws 400 'Invalid merchant…' when neither is given, 404 'Could not find the merchant…' otherwise.
 */
export async function resolveMerchant(
  db: DbOrTrx,
  ref: { merchant?: string | null; shortcode?: string | null },
): Promise<Merchant> {
  const merchantRef = ref.merchant?.trim() || null;
  const shortcodeRef = ref.shortcode?.trim() || null;
  if (!merchantRef && !shortcodeRef)
    throw new AppError('validation_failed', INVALID_MERCHANT_MESSAGE, { field: 'merchant' });
  let found: Merchant | undefined;
  if (merchantRef && merchantRef.length <= 100) {
    found = await findMerchantById(db, merchantRef);
    if (!found && merchantRef.length < MERCHANT_ID_MIN_LENGTH) found = await byShortcode(db, merchantRef);
  }
  if (!found && shortcodeRef) found = await byShortcode(db, shortcodeRef);
  if (!found) throw new AppError('not_found', MERCHANT_NOT_FOUND_MESSAGE);
  return found;
}

/**
 * How long a merchant read for payments is used without reading it again, at most. Every change made
 * through this server (settings, Stripe account, deletion) drops it at once (`merchantChanged`), and
 * on PostgreSQL another process's within milliseconds; this bounds what nothing announces — a write
 * to the SQLite file by another process, such as the admin CLI.
 */
export const PAYMENT_MERCHANT_TTL_MS = 1_000;
/** Merchants kept at most (a merchant is kept under its id only, so this is merchants, not refs). */
const PAYMENT_MERCHANTS_MAX = 10_000;

interface KeptMerchant {
  merchant: Merchant;
  /** MERCHANT_CHANGES' generation before it was read: any change since makes it stale. */
  generation: number;
  readAt: number;
}

const PAYMENT_MERCHANTS = cacheKey('merchants of payments', () => new Map<string, KeptMerchant>());

/**
 * The merchant a quote or a payment names (by id, as the widget and the pay session send it), from
 * a copy read at most PAYMENT_MERCHANT_TTL_MS ago with no merchant change since — or read now, as
 * `resolveMerchant` does. Each payment reads its merchant twice (quote, then create), under load
 * some 5 % of the server's time per payment (DESIGN §9). At worst a payment is priced and checked
 * by the merchant as it stood up to a second before — as if it had come that second earlier; the
 * provider still refuses an account that cannot take charges. The row is shared: never changed.
 */
export async function paymentMerchant(
  deps: Pick<AppDeps, 'database' | 'caches' | 'clock'>,
  ref: string,
): Promise<Merchant> {
  if (ref.length < MERCHANT_ID_MIN_LENGTH || ref.length > 100)
    return resolveMerchant(deps.database.db, { merchant: ref });
  const kept = deps.caches.of(PAYMENT_MERCHANTS);
  const changes = deps.caches.of(MERCHANT_CHANGES);
  const now = deps.clock.now().getTime();
  const hit = kept.get(ref);
  if (hit && hit.generation === changes.generation && now - hit.readAt < PAYMENT_MERCHANT_TTL_MS)
    return hit.merchant;
  const generation = changes.generation;
  const merchant = await resolveMerchant(deps.database.db, { merchant: ref });
  kept.delete(ref);
  if (kept.size >= PAYMENT_MERCHANTS_MAX) kept.delete(kept.keys().next().value!);
  // Under its own id only: a ref is an id here, so a miss (thrown above) is never kept.
  if (merchant.id === ref) kept.set(ref, { merchant: Object.freeze(merchant), generation, readAt: now });
  return merchant;
}

async function byShortcode(db: DbOrTrx, code: string): Promise<Merchant | undefined> {
  if (!SHORTCODE_PATTERN.test(code)) return undefined;
  return (
    (await findMerchantByShortcode(db, code.toLowerCase())) ??
    (await findMerchantByMetadataShortcode(db, code))
  );
}

/** The connected account a payment can be made on, or the spec's error. */
export function requireReadyAccount(merchant: Merchant): string {
  const account = connectedAccountId(merchant);
  if (!account) throw new AppError('unprocessable', NOT_CONNECTED_MESSAGE);
  if (merchant.status === 'inactive')
    throw new AppError('unprocessable', merchantInactiveMessage(merchant.business_name));
  if (!merchant.stripe_charges_enabled || !merchant.stripe_onboarding_complete)
    throw new AppError('unprocessable', NOT_READY_MESSAGE);
  return account;
}
