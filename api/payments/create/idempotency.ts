/**
 * `Idempotency-Key` for POSTs that create payments (DESIGN §3.6): the first request with a key
 * claims it and fixes the payment id the key stands for; a repeat with the same body gets the
 * stored response; the same key with a different body is refused with 409, as is a repeat while a
 * run still holds the key.
 *
 * A run that ends without an answer does not strand the key:
 *  - it failed and nothing was reserved: the claim is deleted (the key is free again, as before);
 *  - it failed after reserving (e.g. the provider gave no answer, or the intent id could not be
 *    stored): the claim is released and the next request with the key resumes the same payment;
 *  - the process died: the claim stays held for IDEMPOTENCY_LEASE_MS, then the next request with
 *    the key takes it over and resumes.
 * Resuming reuses the payment id, so the provider is asked again with the same idempotency key and
 * identical parameters and returns the same intent (api/payments/create/attempts.ts).
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../context.ts';
import { type Trx } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled.ts';
import { AppError } from '../../errors.ts';
import { inWriteTransaction } from '../../db/group-commit.ts';
import { newRowId } from '../../db/row-id.ts';

export const IDEMPOTENCY_MISMATCH = 'This Idempotency-Key was already used with a different request.';
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed.';

/** Deeper than any request body of ours: a body nested past it is refused, never a stack overflow. */
const MAX_DEPTH = 32;

function stableStringify(value: unknown, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth >= MAX_DEPTH)
    throw new AppError('validation_failed', `The request is nested deeper than ${MAX_DEPTH} levels.`);
  if (Array.isArray(value)) return `[${value.map((v) => stableStringify(v, depth + 1)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v, depth + 1)}`).join(',')}}`;
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

/**
 * How long a claim without an answer counts as in progress: above one provider call with the SDK's
 * retries (PROVIDER_TIMEOUT_MS × (1 + PROVIDER_RETRIES), api/payments/providers/stripe.ts) and its
 * back-off; 30 s with the defaults. Then a retry on any host takes the claim over and resumes the
 * run (a host that died mid-payment). A run that is merely slow and gets overtaken does no harm: both
 * runs work on the same payment id under the same provider idempotency key, so they reserve once and
 * get the same intent.
 */
export function idempotencyLeaseMs(config: Pick<Config, 'provider'>): number {
  return config.provider.timeoutMs * (config.provider.retries + 1) + 10_000;
}

/** What a run holding a key knows about it. */
export interface IdempotencyClaim {
  key: string;
  /** The payment this key stands for: the same for every run of the key until repointed. */
  paymentId: string;
  /** An earlier run of this key ended without an answer: the payment may already exist. */
  resumed: boolean;
  /** The earlier attempt ended (failed, expired) without an answer: the key now stands for a new payment. */
  repoint(paymentId: string): Promise<void>;
  /**
   * Record the claim inside the run's first write transaction (the one that reserves): a new key is
   * claimed by the same commit as its payment. Throws when another run claimed the key meanwhile
   * (that transaction then writes nothing). No-op when the key was already claimed for this run.
   */
  record(trx: Trx): Promise<void>;
  /** Store the run's answer inside its last write transaction (same commit as the outcome). */
  answer(trx: Trx, status: number, body: unknown): Promise<void>;
}

type KeyRow = { request_hash: string; response_status: number | null; response_body: string | null };

// Read and written by every payment request: compiled once (api/db/compiled.ts).
const keyRow = compiledOnce((db, p: { scope: string; key: string }) =>
  db.selectFrom('idempotency_keys').selectAll().where('scope', '=', p.scope).where('idem_key', '=', p.key),
);
const insertClaim = compiledOnce(
  (db, p: { scope: string; key: string; hash: string; paymentId: string; now: string }) =>
    db
      .insertInto('idempotency_keys')
      .values({
        scope: p.scope,
        idem_key: p.key,
        request_hash: p.hash,
        response_status: null,
        response_body: null,
        payment_id: p.paymentId,
        claimed_at: p.now,
        created_at: p.now,
      })
      .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
      .returning('scope'),
);
const storeAnswer = compiledOnce(
  (db, p: { scope: string; key: string; paymentId: string; status: number; body: string }) =>
    db
      .updateTable('idempotency_keys')
      .set({ response_status: p.status, response_body: p.body, claimed_at: null })
      .where('scope', '=', p.scope)
      .where('idem_key', '=', p.key)
      .where('payment_id', '=', p.paymentId)
      .returning('scope'),
);

type Answer = { status: number; body: unknown };

function answerOf<R extends Answer>(
  row: KeyRow | undefined,
  hash: string,
): (R & { replayed: boolean }) | null {
  if (row && row.request_hash !== hash) throw new AppError('idempotency_conflict', IDEMPOTENCY_MISMATCH);
  if (!row || row.response_status === null || row.response_body === null) return null;
  // Stored by this scope's own run: the same union of answers it returns.
  return { status: row.response_status, body: JSON.parse(row.response_body), replayed: true } as R & {
    replayed: boolean;
  };
}

/** Another run claimed the key between our look and our reservation. */
class ClaimTaken extends Error {}

/**
 * Run `run` under an Idempotency-Key. A key seen for the first time costs no write of its own: the
 * run records its claim in the transaction that reserves (`claim.record`) and its answer in the one
 * that records the outcome (`claim.answer`); on SQLite those are grouped commits, so a payment pays
 * for two commits, not four. A run that reserved nothing leaves no trace (the key stays free).
 */
export async function withIdempotency<R extends Answer>(
  deps: AppDeps,
  scope: string,
  key: string | null,
  body: unknown,
  run: (claim: IdempotencyClaim | null) => Promise<R>,
  options: {
    /**
     * Claim a new key in a commit of its own before `run` starts (refunds, pay links: their work
     * has no reserving transaction to claim it in), so a concurrent repeat gets the stored answer
     * or "in progress", never a second run.
     */
    claimFirst?: boolean;
  } = {},
): Promise<R & { replayed: boolean }> {
  if (!key) return { ...(await run(null)), replayed: false };
  const now = deps.clock.now();
  const k: KeyUse = { deps, scope, key, hash: requestHash(body), now, nowIso: now.toISOString() };
  const taken = await takeKey<R>(k, options.claimFirst ?? false);
  if ('answer' in taken) return taken.answer;
  const state = { recorded: taken.recorded, answered: false };
  const claim = claimOf(k, taken.paymentId, taken.resumed, state);
  let result: R;
  try {
    result = await run(claim);
  } catch (err) {
    // A concurrent run with the same key got there first: its answer, or "in progress".
    if (err instanceof ClaimTaken) return answerOrInProgress<R>(k);
    if (state.recorded)
      await releaseClaim(deps, scope, key, claim.paymentId).catch((e: unknown) =>
        // The claim then runs out with its lease, as after a crash.
        deps.logger.warn({ err: (e as Error).message }, 'could not release an idempotency claim'),
      );
    throw err;
  }
  if (!state.answered) await storeLateAnswer(k, claim, state, result);
  return { ...result, replayed: false };
}

/** One request's use of a key: who asks, under which scope and key, with which body (its hash), when. */
interface KeyUse {
  deps: AppDeps;
  scope: string;
  key: string;
  hash: string;
  now: Date;
  nowIso: string;
}

/** Whether the key holds a claim (recorded) and whether the run's answer is stored under it (answered). */
interface ClaimState {
  recorded: boolean;
  answered: boolean;
}

const currentRow = async (k: KeyUse) => (await keyRow(k.deps.database.db, { scope: k.scope, key: k.key }))[0];

/**
 * The answer stored under the key now, or 409 "in progress" when another run still holds it — with
 * when its claim lapses (`Retry-After`, `retryAfterSeconds`): the widget keeps checking until then,
 * and its retry then resumes the run, also when the host that held it died.
 */
async function answerOrInProgress<R extends Answer>(k: KeyUse): Promise<R & { replayed: boolean }> {
  const row = await currentRow(k);
  const answer = answerOf<R>(row, k.hash);
  if (answer) return answer;
  throw inProgress(k, row?.claimed_at ?? null);
}

function inProgress(k: KeyUse, claimedAt: string | null): AppError {
  const lapses = claimedAt ? Date.parse(claimedAt) + idempotencyLeaseMs(k.deps.config) : k.now.getTime();
  const seconds = Math.max(1, Math.ceil((lapses - k.now.getTime()) / 1000));
  return new AppError('idempotency_conflict', IDEMPOTENCY_IN_PROGRESS, {
    headers: { 'Retry-After': String(seconds) },
    extra: { retryAfterSeconds: seconds },
  });
}

/**
 * Before the run: the stored answer of an earlier run with the key (replayed), or the key taken —
 * over from a run that let go of it or whose lease ran out (resuming its payment), claimed at once
 * (`claimFirst`), or left to the run's reserving transaction to claim (a new key).
 */
async function takeKey<R extends Answer>(
  k: KeyUse,
  claimFirst: boolean,
): Promise<
  { answer: R & { replayed: boolean } } | { paymentId: string; resumed: boolean; recorded: boolean }
> {
  const { deps, scope, key, hash, nowIso } = k;
  const paymentId: string = newRowId();
  const existing = await currentRow(k);
  if (existing) {
    const answer = answerOf<R>(existing, hash);
    if (answer) return { answer };
    // Unanswered: take the key over if no run holds it (released, or its lease ran out). The
    // condition makes the takeover atomic: of two retries racing, one updates the row.
    const staleBefore = new Date(k.now.getTime() - idempotencyLeaseMs(deps.config)).toISOString();
    const resumedId = existing.payment_id ?? paymentId; // a claim from before payment ids were recorded gets one now
    const taken = await inWriteTransaction(deps.database, (trx) =>
      trx
        .updateTable('idempotency_keys')
        .set({ claimed_at: nowIso, payment_id: resumedId })
        .where('scope', '=', scope)
        .where('idem_key', '=', key)
        .where('request_hash', '=', hash)
        .where('response_status', 'is', null)
        .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
        .executeTakeFirst(),
    );
    if (Number(taken.numUpdatedRows) === 0) return { answer: await answerOrInProgress<R>(k) };
    return { paymentId: resumedId, resumed: Boolean(existing.payment_id), recorded: true };
  }
  if (claimFirst) {
    const inserted = await inWriteTransaction(deps.database, (trx) =>
      insertClaim(trx, { scope, key, hash, paymentId, now: nowIso }),
    );
    // A concurrent request with the same key claimed it first: its answer, or "in progress".
    if (inserted.length === 0) return { answer: await answerOrInProgress<R>(k) };
    return { paymentId, resumed: false, recorded: true };
  }
  return { paymentId, resumed: false, recorded: false };
}

/** The run's hold on the key: it records its claim and its answer in its own transactions. */
function claimOf(k: KeyUse, paymentId: string, resumed: boolean, state: ClaimState): IdempotencyClaim {
  const { scope, key, hash, nowIso } = k;
  const claim: IdempotencyClaim = {
    key,
    paymentId,
    resumed,
    repoint: async (next) => {
      const moved = await k.deps.database.db
        .updateTable('idempotency_keys')
        .set({ payment_id: next })
        .where('scope', '=', scope)
        .where('idem_key', '=', key)
        .where('payment_id', '=', claim.paymentId)
        .where('response_status', 'is', null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) throw inProgress(k, k.nowIso);
      claim.paymentId = next;
    },
    record: async (trx) => {
      if (state.recorded) return;
      const inserted = await insertClaim(trx, { scope, key, hash, paymentId: claim.paymentId, now: nowIso });
      if (inserted.length === 0) throw new ClaimTaken();
      state.recorded = true; // (if this transaction rolls back, its payment is gone too)
    },
    answer: async (trx, status, answerBody) => {
      if (!state.recorded) return;
      const stored = await storeAnswer(trx, {
        scope,
        key,
        paymentId: claim.paymentId,
        status,
        body: JSON.stringify(answerBody),
      });
      state.answered = stored.length === 1;
    },
  };
  return claim;
}

/** The run recorded no answer itself (it reserved nothing, or answered outside a transaction): store it now. */
async function storeLateAnswer(k: KeyUse, claim: IdempotencyClaim, state: ClaimState, result: Answer) {
  const stored = await inWriteTransaction(k.deps.database, async (trx) => {
    if (!state.recorded)
      await trx
        .insertInto('idempotency_keys')
        .values({
          scope: k.scope,
          idem_key: k.key,
          request_hash: k.hash,
          response_status: result.status,
          response_body: JSON.stringify(result.body),
          payment_id: claim.paymentId,
          claimed_at: null,
          created_at: k.nowIso,
        })
        .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
        .executeTakeFirst();
    else await claim.answer(trx, result.status, result.body);
    return !state.recorded || state.answered;
  });
  if (!stored)
    k.deps.logger.warn(
      { scope: k.scope, paymentId: claim.paymentId },
      'idempotency key was taken over; answer not stored',
    );
}

/**
 * A run failed. If it reserved nothing, the key is free again (the request may be corrected and
 * sent again); otherwise the claim is released so that a retry with the key resumes that payment.
 */
async function releaseClaim(deps: AppDeps, scope: string, key: string, paymentId: string): Promise<void> {
  const db = deps.database.db;
  const payment = await db.selectFrom('payments').select('id').where('id', '=', paymentId).executeTakeFirst();
  if (payment) {
    await db
      .updateTable('idempotency_keys')
      .set({ claimed_at: null })
      .where('scope', '=', scope)
      .where('idem_key', '=', key)
      .where('payment_id', '=', paymentId)
      .where('response_status', 'is', null)
      .execute();
    return;
  }
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('idem_key', '=', key)
    .where('payment_id', '=', paymentId)
    .where('response_status', 'is', null)
    .execute();
}
