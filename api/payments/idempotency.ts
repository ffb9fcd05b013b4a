/**
 * `Idempotency-Key` for POSTs that create payments (DESIGN §3.6): the first request with a key
 * claims it; a repeat with the same body gets the stored response; the same key with a different
 * body is refused with 409, as is a repeat while the first is still running. Only successful
 * responses are stored: a failed attempt created nothing, so retrying it with the key is allowed.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';

export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request.';
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed.';

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(stableStringify(body)).digest('hex');
}

export function validIdempotencyKey(key: string | undefined | null): string | null {
  if (key === undefined || key === null || key === '') return null;
  if (key.length > 255 || !/^[\x21-\x7e]+$/.test(key))
    throw new AppError('validation_failed', 'Idempotency-Key must be 1–255 visible ASCII characters', {
      field: 'Idempotency-Key',
    });
  return key;
}

export async function withIdempotency<T>(
  deps: AppDeps,
  scope: string,
  key: string | null,
  body: unknown,
  run: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  if (!key) return { ...(await run()), replayed: false };
  const db = deps.database.db;
  const hash = requestHash(body);
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      scope,
      idem_key: key,
      request_hash: hash,
      response_status: null,
      response_body: null,
      created_at: deps.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .executeTakeFirst();
    if (row && row.request_hash !== hash) throw new AppError('idempotency_conflict', IDEMPOTENCY_MISMATCH);
    if (!row || row.response_status === null || row.response_body === null)
      throw new AppError('idempotency_conflict', IDEMPOTENCY_IN_PROGRESS);
    return { status: row.response_status, body: JSON.parse(row.response_body) as T, replayed: true };
  }
  try {
    const result = await run();
    await db
      .updateTable('idempotency_keys')
      .set({ response_status: result.status, response_body: JSON.stringify(result.body) })
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .execute();
    return { ...result, replayed: false };
  } catch (err) {
    await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('idem_key', '=', key).execute();
    throw err;
  }
}
