/**
 * Card-testing defence (DESIGN §3.4): provider declines are counted per pay session, per invoice and
 * per client address in the database (`decline_counters`, both dialects), so the limits hold across
 * server processes. Only a provider's decline counts — a payment refused for a business reason (an
 * amount out of range, a changed quote) never reaches the provider and never counts. Each key has a
 * fixed window (DECLINE_WINDOW_MINUTES); the decline that reaches the key's limit blocks it for
 * DECLINE_BLOCK_MINUTES. Limits are at least 2 (api/config.ts), so a customer's first decline never
 * blocks the next card; the per-address limit counts only declines, so a customer paying several
 * invoices in a row is not caught by it. Declines are also counted per merchant and platform-wide
 * (ceilings that rotating addresses and typed invoice numbers cannot get around): past one, quotes
 * need a proof-of-work challenge (api/payments/create/challenge.ts) rather than anyone being locked out.
 * Counted always; enforced when RATE_LIMITS is on.
 */
import { invoiceNumberKey } from '../../../core/invoice-number.ts';
import type { AppDeps } from '../../context.ts';
import type { Trx } from '../../db/database.ts';
import type { DeclineCountersTable, Payment } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import {
  attemptLoad,
  countDeclineAgainst,
  declineBlocks,
  lockAddressAttempts,
} from './declines-repository.ts';
import { unfinishedAttempts } from '../repository.ts';

export type DeclineScope = DeclineCountersTable['scope'];

export interface DeclineKeys {
  sid: string | null;
  merchantId: string;
  invoiceNumber: string;
  currency: string;
  ip: string | null;
}

export const TOO_MANY_DECLINES = 'Too many declined payment attempts.';

const invoiceKey = (k: Pick<DeclineKeys, 'merchantId' | 'invoiceNumber' | 'currency'>) =>
  `${k.merchantId}/${k.currency.toUpperCase()}/${invoiceNumberKey(k.invoiceNumber)}`;

/** The platform-wide counter's key (one row). */
export const PLATFORM_KEY = 'all';

function keysOf(k: DeclineKeys): Array<[DeclineScope, string]> {
  const keys: Array<[DeclineScope, string]> = [['invoice', invoiceKey(k)]];
  if (k.sid) keys.push(['session', k.sid]);
  if (k.ip) keys.push(['address', k.ip]);
  return keys;
}

/** The ceilings' keys: the merchant's and the platform's (counted last: one row every decline takes). */
export const ceilingKeysOf = (merchantId: string): Array<[DeclineScope, string]> => [
  ['merchant', merchantId],
  ['platform', PLATFORM_KEY],
];

function limitOf(deps: AppDeps, scope: DeclineScope): number {
  return deps.config.declineLimits[scope];
}

/** Count a provider decline of `payment` against its session, invoice and address (caller's transaction). */
export async function countDecline(trx: Trx, deps: AppDeps, payment: Payment): Promise<void> {
  const { windowMinutes, blockMinutes } = deps.config.declineLimits;
  const nowMs = deps.clock.now().getTime();
  const now = new Date(nowMs).toISOString();
  const windowFloor = new Date(nowMs - windowMinutes * 60_000).toISOString();
  const blockUntil = new Date(nowMs + blockMinutes * 60_000).toISOString();
  const keys = [
    ...keysOf({
      sid: payment.pay_session_id,
      merchantId: payment.merchant_id,
      invoiceNumber: payment.invoice_number,
      currency: payment.currency,
      ip: payment.client_ip,
    }),
    ...ceilingKeysOf(payment.merchant_id),
  ];
  for (const [scope, key] of keys)
    await countDeclineAgainst(trx, { scope, key, now, windowFloor, blockUntil, limit: limitOf(deps, scope) });
}

/**
 * The latest time the session's or the address's declines block it until, or null. An invoice's
 * declines are counted (the console) but block no one: declines from a few addresses would
 * otherwise lock the real customers out of paying it.
 */
export async function blockedUntil(deps: AppDeps, k: DeclineKeys): Promise<string | null> {
  const now = deps.clock.now().toISOString();
  const keys = keysOf(k).filter(([scope]) => scope !== 'invoice');
  const rows = await declineBlocks(deps.database.db, keys, now);
  let until: string | null = null;
  for (const r of rows) if (r.blocked_until && (!until || r.blocked_until > until)) until = r.blocked_until;
  return until;
}

/**
 * Inside the transaction that reserves an attempt, before the provider is called: the pay session's
 * and the address's declines in the window plus their attempts still waiting for the provider must
 * stay below the limit — counted atomically with the reservation (SQLite's write transaction; on
 * PostgreSQL the invoice's row lock serialises a session's attempts, and a transaction lock on the
 * address those of one address across invoices), so simultaneous attempts cannot all slip past a
 * check made before any of them declined.
 */
export async function assertAttemptWithinLimits(
  trx: Trx,
  deps: AppDeps,
  k: { sid: string | null; ip: string | null },
): Promise<void> {
  if (!deps.config.rateLimits || (!k.sid && !k.ip)) return;
  // Taken after the invoice's lock and released at commit: nothing waits on an invoice while
  // holding it, so no cycle.
  if (k.ip && deps.database.dialect === 'postgres') await lockAddressAttempts(trx, k.ip);
  const { windowMinutes, blockMinutes } = deps.config.declineLimits;
  const nowMs = deps.clock.now().getTime();
  const load = await attemptLoad(trx, {
    ...k,
    windowFloor: new Date(nowMs - windowMinutes * 60_000).toISOString(),
    now: new Date(nowMs).toISOString(),
  });
  if (load.session >= limitOf(deps, 'session') || load.address >= limitOf(deps, 'address'))
    throw tooManyDeclines(deps, new Date(nowMs + blockMinutes * 60_000).toISOString());
}

export const ATTEMPT_UNFINISHED_MESSAGE =
  'A payment of this invoice from your connection is still waiting to be finished (a card check in another ' +
  'window or tab). Finish or close it there, then try again.';

/**
 * One unfinished attempt per invoice from a pay session or a client address (DESIGN §3.4), checked
 * inside the reserving transaction (after the invoice's lock): nobody can hold an invoice with a
 * stack of 3-D Secure steps left open. The session's own abandoned attempts were replaced before
 * (api/payments/create/service.ts), so what is left is a card check open elsewhere or a provider call under
 * way. A bank debit clearing is out of the customer's hands and does not count. Enforced with the
 * other card-testing limits (RATE_LIMITS).
 */
export async function assertNoUnfinishedAttempt(
  trx: Trx,
  deps: AppDeps,
  invoiceId: string,
  k: { sid: string | null; ip: string | null },
): Promise<void> {
  if (!deps.config.rateLimits) return;
  const open = await unfinishedAttempts(trx, invoiceId, k);
  if (open.length === 0) return;
  const ends = open.map((p) => p.reserved_until).filter((t): t is string => t !== null);
  const until = ends.length ? ends.sort()[ends.length - 1] : null;
  const seconds = until
    ? Math.max(1, Math.ceil((Date.parse(until) - deps.clock.now().getTime()) / 1000))
    : 60;
  throw new AppError('conflict', ATTEMPT_UNFINISHED_MESSAGE, {
    headers: { 'Retry-After': String(seconds) },
    extra: { retryAt: until },
  });
}

/** 429 with the time the customer may try again (Retry-After, and `retryAt` for the widget's countdown). */
export async function enforceDeclineLimits(deps: AppDeps, k: DeclineKeys): Promise<void> {
  if (!deps.config.rateLimits) return;
  const until = await blockedUntil(deps, k);
  if (!until) return;
  throw tooManyDeclines(deps, until);
}

function tooManyDeclines(deps: AppDeps, until: string): AppError {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - deps.clock.now().getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError(
    'rate_limited',
    `${TOO_MANY_DECLINES} For your security, please wait ${wait} before trying again.`,
    { headers: { 'Retry-After': String(seconds) }, extra: { retryAt: until } },
  );
}
