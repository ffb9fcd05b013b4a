/**
 * What every integrator route (`/api/v1/*`) shares: the caller (`principal`, set by the guard), its
 * merchant scope — a key for merchant A gets 404 for merchant B's objects, including through list
 * filters and ids in bodies —, the `API-Version` answer header, cursor pages
 * (`limit` + `starting_after`, newest first) and the route declaration defaults (security, errors).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { SelectQueryBuilder } from 'kysely';
import { clientIp } from '../audit/client-ip.ts';
import { actorUserOf } from '../auth/api-keys/usage.ts';
import type { AppEnv, Principal } from '../context.ts';
import { AppError } from '../errors.ts';
import { getMerchantOr404, type Actor } from '../merchants/service.ts';
import { validIdempotencyKey, withIdempotency } from '../payments/create/idempotency.ts';
import { z } from '@hono/zod-openapi';

export const API_V1 = 'v1';
export const VERSION_HEADER = 'API-Version';
export const MERCHANT_NOT_FOUND = 'Merchant not found';
export const DEFAULT_LIMIT = 20;

/** Every answer under /api/v1 says which version answered it (errors too). */
export function apiVersionHeader(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set(VERSION_HEADER, API_V1);
  };
}

export function principal(c: Context<AppEnv>): Principal {
  const p = c.get('principal');
  if (!p) throw new AppError('unauthenticated', 'Send an API key to use this API.');
  return p;
}

export function v1Actor(c: Context<AppEnv>): Actor {
  return { user: actorUserOf(principal(c)), ip: clientIp(c) };
}

/**
 * The merchant a request may act on: the key's own (a different one named → 404), or the one named
 * by an all-merchants caller (null = all, for lists).
 */
export function merchantScope(c: Context<AppEnv>, named: string | null | undefined): string | null {
  const own = principal(c).merchantId;
  if (own && named && named !== own) throw new AppError('not_found', MERCHANT_NOT_FOUND);
  return own ?? named ?? null;
}

/** The merchant to create something for: the key's own, or the one named (required when the caller has all). */
export async function merchantForWrite(c: Context<AppEnv>, named: string | null | undefined) {
  const id = merchantScope(c, named);
  if (!id)
    throw new AppError('validation_failed', 'merchant_id is required for a key with every merchant', {
      field: 'merchant_id',
    });
  return getMerchantOr404(c.get('deps'), id, MERCHANT_NOT_FOUND);
}

export interface PageQuery {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

/** The columns a list is ordered by: creation time, then the row sequence where the table has one, then id. */
export interface PageOrder {
  createdAt: string;
  /** The row sequence (api/db/sequence.ts): rows made in the same millisecond keep their order. */
  seq?: string;
  id: string;
}

type CursorRow = { created_at: string; id: string; seq?: number };

/**
 * One page, newest first (created_at, then seq where the table has one, then id, all descending):
 * `limit` + 1 rows are read to know whether more follow. `starting_after` pages on to older items,
 * `ending_before` back to newer ones (the `limit` items just newer than it, still listed newest
 * first; `has_more`: newer ones remain). `cursorOf` finds the cursor item within the caller's scope
 * (404 if it is not there, like any id the caller may not see).
 */
export async function pageOf<DB, TB extends keyof DB, O extends { created_at: string; id: string }>(
  base: SelectQueryBuilder<DB, TB, O>,
  columns: PageOrder,
  query: PageQuery,
  cursorOf: (id: string) => Promise<CursorRow | undefined>,
  notFound: string,
): Promise<{ rows: O[]; hasMore: boolean }> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (query.starting_after && query.ending_before)
    throw new AppError('validation_failed', 'Send starting_after or ending_before, not both', {
      field: 'ending_before',
    });
  const cursorId = query.starting_after ?? query.ending_before;
  const backwards = Boolean(query.ending_before);
  const keys = [columns.createdAt, ...(columns.seq ? [columns.seq] : []), columns.id];
  let q = base;
  if (cursorId) {
    const cursor = await cursorOf(cursorId);
    if (!cursor) throw new AppError('not_found', notFound);
    const values = [cursor.created_at, ...(columns.seq ? [cursor.seq ?? 0] : []), cursor.id];
    // (created_at, seq, id) < (or >) the cursor's, written out as SQLite and PostgreSQL both take
    // it: beyond on the first key, or equal on it and beyond on the next, and so on.
    const beyond = backwards ? '>' : '<';
    q = q.where((eb: any) =>
      eb.or(
        keys.map((key, i) =>
          eb.and([...keys.slice(0, i).map((k, j) => eb(k, '=', values[j])), eb(key, beyond, values[i])]),
        ),
      ),
    ) as typeof q;
  }
  const order = backwards ? 'asc' : 'desc';
  let ordered = q as any;
  for (const key of keys) ordered = ordered.orderBy(key, order);
  const rows = (await ordered.limit(limit + 1).execute()) as O[];
  const page = rows.slice(0, limit);
  return { rows: backwards ? page.reverse() : page, hasMore: rows.length > limit };
}

export const listBody = <T>(url: string, data: T[], hasMore: boolean) => ({
  object: 'list' as const,
  data,
  has_more: hasMore,
  url,
});

/** The API-key and admin-token security requirement of an integrator operation. */
export const v1Security: Array<Record<string, string[]>> = [{ apiKey: [] }, { bearerAuth: [] }];

/**
 * The `Idempotency-Key` header every v1 POST takes; the OpenAPI document replaces it with one shared
 * parameter that says what it does (api/http/openapi-document.ts).
 */
export const IdempotencyHeader = z.object({ 'idempotency-key': z.string().max(255).optional() });

/**
 * A v1 POST done once per `Idempotency-Key` (Stripe's rule; issue 51 item 6): `operation` names
 * what it does, `request` is what must match for a replay (path ids and body). The answer of the
 * first run is stored and replayed with `Idempotent-Replayed: true`.
 */
export async function once<T>(
  c: Context<AppEnv>,
  operation: string,
  request: unknown,
  run: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T }> {
  const key = validIdempotencyKey(c.req.header('idempotency-key'));
  const who = principal(c);
  const result = await withIdempotency(
    c.get('deps'),
    `v1.${operation}:${who.kind}:${who.id}`,
    key,
    request,
    () => run(),
    { claimFirst: true },
  );
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return { status: result.status, body: result.body };
}
