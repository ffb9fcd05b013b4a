/**
 * The pay session (what the widget loads when a link is opened): merchant, provider settings,
 * surcharge policy, the invoice balance by DESIGN §3.3 and a history without customer data
 * (rendered by api/pay/render.ts).
 *
 * It is read-only and on the hottest path (DESIGN §9), so a link's session is rendered once and
 * reused while nothing it shows has changed (api/pay/cache.ts): when the database says nothing was
 * committed since (SQLite's change stamp), it is reused as is; otherwise the invoice row is read
 * and its version compared with the one the rendering came from. A lookup then costs at most that
 * one indexed read, a random session id and string concatenation. The observation it makes travels
 * inside the signed session id (api/invoices/pay-session-token.ts).
 */
import { linkAmountProblem } from '../../core/money.ts';
import { normalizeCurrency } from '../../core/currencies.ts';
import type { AppDeps } from '../context.ts';
import type { Invoice, Merchant } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { findInvoice } from '../invoices/holds.ts';
import { MERCHANT_CHANGES } from '../merchants/changes.ts';
import { resolveMerchant } from '../merchants/resolve.ts';
import { MISSING_INVOICE_MESSAGE } from '../payments/create/service.ts';
import { signedLinkOf } from '../pay-links/session.ts';
import { MERCHANT_CACHE_TTL_MS, PAY_CACHES, type RenderedSession } from './cache.ts';
import { admitLookup, lookupIdentity } from './lookup-limit.ts';
import { render } from './render.ts';
import type { SessionQuery } from './schema.ts';
import {
  newSessionId,
  signObservation,
  verifyPaySession,
  withSessionId,
  type PaySessionClaims,
} from '../invoices/pay-session-token.ts';

/** A signed observation is reused for this long, then signed afresh (its issuedAt moves on). */
const OBSERVATION_REUSE_MS = 60_000;

/**
 * The session of a link whose query string was seen before (parsing it again would give the same
 * link), when its rendering can be reused as is: the common case, with no parsing, no validation
 * and no database. Undefined otherwise: then `openPaySession`.
 */
export function reusePaySession(
  deps: AppDeps,
  rawQuery: string,
  ip: string | null = null,
): string | undefined | Promise<string | undefined> {
  const cache = deps.caches.of(PAY_CACHES);
  const link = cache.links.get(rawQuery, 0);
  if (!link) return undefined;
  const admission = admitLookup(deps, ip, link.identity);
  if (admission) return admission.then(() => reuseRendering(deps, link.key));
  return reuseRendering(deps, link.key);
}

function reuseRendering(deps: AppDeps, key: string): string | undefined {
  const cache = deps.caches.of(PAY_CACHES);
  const nowMs = deps.clock.now().getTime();
  const session = cache.sessions.get(key, nowMs);
  if (!session || !reusable(deps, session)) return undefined;
  return answer(deps, session, nowMs, null);
}

/**
 * The session as JSON text (the route sends it as is): synchronously when a rendering of the link
 * can be reused as is, else through the database. `rawQuery`: the query string `q` was parsed from,
 * remembered for `reusePaySession`.
 */
export function openPaySession(
  deps: AppDeps,
  q: SessionQuery,
  rawQuery?: string,
  ip: string | null = null,
): string | Promise<string> {
  const currency = normalizeCurrency(q.currency ?? 'AUD');
  if (!currency)
    throw new AppError(
      'validation_failed',
      `Unsupported currency: ${String(q.currency).slice(0, 10).toUpperCase()}`,
      { field: 'currency' },
    );
  const invoiceNumber = q.invoice?.trim();
  if (!invoiceNumber) throw new AppError('validation_failed', MISSING_INVOICE_MESSAGE, { field: 'invoice' });
  // A link amount is a plain decimal or the link is refused: never guessed (DESIGN §4a).
  const amountProblem = linkAmountProblem(q.amount, currency);
  if (amountProblem) throw new AppError('validation_failed', amountProblem, { field: 'amount' });
  if (invoiceNumber.length > 100)
    throw new AppError('validation_failed', 'Invalid payment link: the invoice number is too long.', {
      field: 'invoice',
    });

  const identity = lookupIdentity(`${q.merchant ?? ''}\u0000${q.shortcode ?? ''}`, invoiceNumber, currency);
  const admission = admitLookup(deps, ip, identity);
  if (admission)
    return admission.then(() => openAdmitted(deps, q, rawQuery, invoiceNumber, currency, identity));
  return openAdmitted(deps, q, rawQuery, invoiceNumber, currency, identity);
}

/** `openPaySession` once the lookup is admitted. */
function openAdmitted(
  deps: AppDeps,
  q: SessionQuery,
  rawQuery: string | undefined,
  invoiceNumber: string,
  currency: string,
  identity: string,
): string | Promise<string> {
  const nowMs = deps.clock.now().getTime();
  const link: Link = {
    invoiceNumber,
    currency,
    nowMs,
    key: `${q.merchant ?? ''}\u0000${q.shortcode ?? ''}\u0000${invoiceNumber}\u0000${currency}\u0000${q.amount ?? ''}`,
    // Reloading the page keeps its pay session, so its next attempt replaces the unconfirmed one.
    previous: q.paySessionId ? verifyPaySession(deps.config.jwtSecret, q.paySessionId, nowMs) : null,
  };
  const cache = deps.caches.of(PAY_CACHES);
  // A query string is remembered only as long as a plausible link's (each entry is held until evicted).
  if (rawQuery !== undefined && rawQuery.length <= 1024 && !q.paySessionId)
    cache.links.set(rawQuery, { key: link.key, invoiceNumber, currency, identity }, Number.POSITIVE_INFINITY);
  const session = cache.sessions.get(link.key, link.nowMs);
  if (session && reusable(deps, session) && !ownsReservation(session, link))
    return answer(deps, session, nowMs, resumedSid(link.previous, session.merchantId, link));
  return openThroughDatabase(deps, q, link, session, deps.database.changeStamp?.() ?? null);
}

/** Nothing committed since it was rendered (SQLite's change stamp), nor any merchant changed here. */
function reusable(deps: AppDeps, session: RenderedSession): boolean {
  const stamp = deps.database.changeStamp?.();
  return (
    stamp !== undefined &&
    stamp === session.stamp &&
    session.generation === deps.caches.of(MERCHANT_CHANGES).generation
  );
}

interface Link {
  invoiceNumber: string;
  currency: string;
  nowMs: number;
  key: string;
  previous: PaySessionClaims | null;
}

/** A resumed page, on an invoice with reservations, may own one: it gets a rendering of its own. */
const ownsReservation = (session: RenderedSession, link: Link) =>
  session.reserved > 0 && resumedSid(link.previous, session.merchantId, link) !== null;

/** A rendering as an answer: a fresh session id (or the resumed page's) beside the signed observation. */
function answer(deps: AppDeps, session: RenderedSession, nowMs: number, resumed: string | null): string {
  if (nowMs - session.observedAt > OBSERVATION_REUSE_MS) {
    session.observation = signObservation(deps.config.jwtSecret, { ...session.observed, issuedAt: nowMs });
    session.observedAt = nowMs;
  }
  return `{"paySessionId":"${withSessionId(session.observation, resumed ?? newSessionId())}",${session.tail}`;
}

async function openThroughDatabase(
  deps: AppDeps,
  q: SessionQuery,
  link: Link,
  cached: RenderedSession | undefined,
  stamp: number | null,
): Promise<string> {
  const cache = deps.caches.of(PAY_CACHES);
  const { invoiceNumber, currency } = link;
  let session = cached?.generation === deps.caches.of(MERCHANT_CHANGES).generation ? cached : undefined;
  let invoice: Invoice | undefined;
  // Something was committed since (or nothing tells, on PostgreSQL): one indexed read says whether
  // its invoice moved on (its version).
  if (session && (stamp === null || stamp !== session.stamp)) {
    invoice = await findInvoice(deps.database.db, session.merchantId, invoiceNumber, currency);
    if ((invoice?.id ?? null) !== session.invoiceId || (invoice?.version ?? null) !== session.version)
      session = undefined;
    else session.stamp = stamp;
  }
  if (session && !ownsReservation(session, link))
    return answer(deps, session, link.nowMs, resumedSid(link.previous, session.merchantId, link));

  const generation = deps.caches.of(MERCHANT_CHANGES).generation;
  // A signed pay link (api/pay-links) is checked first: altered, canceled or expired is refused.
  const signed = await signedLinkOf(deps, q, link.nowMs);
  const { merchant, expires } = signed
    ? {
        merchant: signed.merchant,
        expires: Math.min(link.nowMs + MERCHANT_CACHE_TTL_MS, signed.expiresAtMs ?? Number.POSITIVE_INFINITY),
      }
    : await merchantFor(deps, q, link.nowMs);
  if (invoice?.merchant_id !== merchant.id)
    invoice = await findInvoice(deps.database.db, merchant.id, invoiceNumber, currency);
  const resumed = resumedSid(link.previous, merchant.id, link);
  const rendered = await render(deps, {
    q,
    merchant,
    invoiceNumber,
    currency,
    invoice,
    resumedSid: resumed,
    nowMs: link.nowMs,
    signed: signed ?? null,
  });
  rendered.generation = generation;
  rendered.stamp = stamp;
  if (!resumed || rendered.reserved === 0) cache.sessions.set(link.key, rendered, expires);
  return `{"paySessionId":"${withSessionId(rendered.observation, resumed ?? newSessionId())}",${rendered.tail}`;
}

/** The session id a reloaded page carries, when it was opened for this same link. */
function resumedSid(
  previous: PaySessionClaims | null,
  merchantId: string,
  link: Pick<Link, 'invoiceNumber' | 'currency'>,
): string | null {
  return previous &&
    previous.merchantId === merchantId &&
    previous.invoiceNumber === link.invoiceNumber &&
    previous.currency === link.currency
    ? previous.sid
    : null;
}

/** The merchant a link names, and until when a rendering that shows it may be reused. */
async function merchantFor(
  deps: AppDeps,
  q: SessionQuery,
  nowMs: number,
): Promise<{ merchant: Merchant; expires: number }> {
  const cache = deps.caches.of(PAY_CACHES);
  const key = `${q.merchant ?? ''}\u0000${q.shortcode ?? ''}`;
  const cached = cache.merchants.get(key, nowMs);
  if (cached?.generation === deps.caches.of(MERCHANT_CHANGES).generation) return cached;
  const generation = deps.caches.of(MERCHANT_CHANGES).generation;
  const merchant = await resolveMerchant(deps.database.db, { merchant: q.merchant, shortcode: q.shortcode });
  const entry = { merchant, generation, expires: nowMs + MERCHANT_CACHE_TTL_MS };
  cache.merchants.set(key, entry, entry.expires);
  return entry;
}
