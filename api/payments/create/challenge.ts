/**
 * Past a card-testing ceiling, a challenge instead of a lockout (DESIGN §3.4, issue 30 item 7).
 * Declines are counted per merchant and platform-wide (api/payments/create/declines.ts), which rotating
 * client addresses and typed invoice numbers cannot get around. While the merchant's or the
 * platform's ceiling is reached, every quote for that merchant needs a solved proof of work: the
 * server hands out `sha256(salt + n)` for a secret random `n ≤ maxnumber`, signed (HMAC) and
 * expiring; the browser finds `n` by trying (about maxnumber / 2 hashes, ~0.3 s), and each solution
 * is good for one quote (kept in `challenge_uses` until it expires). Self-hosted and offline, in
 * the format of ALTCHA's: `{ algorithm, challenge, salt, maxnumber, signature }`, answered with
 * `{ algorithm, challenge, salt, number, signature }`. Enforced with RATE_LIMITS.
 *
 * Round four (DESIGN §3.4): a challenge names the merchant it was issued for in its salt (which the
 * signed challenge hash binds), and is good for that merchant's quotes only; its work grows with the
 * declines — CHALLENGE_MAX_NUMBER at the ceiling, doubled for each further ceiling's worth, up to 16×
 * — so a card tester pays more per card the more they decline. Every path to a chargeable quote
 * passes the gate: the quote route, and a payment whose quote no longer holds (api/payments/create/
 * service.ts answers 428 instead of re-quoting past a ceiling).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Challenge, Solution } from '../../../core/proof-of-work.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ceilingKeysOf } from './declines.ts';
import { declineBlocks } from './declines-repository.ts';

/** How long a challenge may be solved and used. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export const CHALLENGE_REQUIRED_MESSAGE =
  'Many card payments have been declined here recently, so your browser must complete a short security check. Please try again.';
export const CHALLENGE_FAILED_MESSAGE = 'The security check could not be verified. Please try again.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sign = (secret: string | null, challenge: string) =>
  createHmac('sha256', `pow:${secret ?? 'dev'}`)
    .update(challenge)
    .digest('hex');

/** The most work a challenge asks: this many times CHALLENGE_MAX_NUMBER. */
const MAX_WORK_FACTOR = 16;

/** How much work past the ceilings: 1× at a ceiling, doubling with each further ceiling's worth of declines. */
export function workFactor(declines: number, ceiling: number): number {
  const over = Math.max(0, Math.floor(declines / ceiling) - 1);
  return Math.min(MAX_WORK_FACTOR, 2 ** over);
}

export function issueChallenge(deps: AppDeps, merchantId: string, factor = 1): Challenge {
  const maxnumber = deps.config.declineLimits.challengeMaxNumber * factor;
  const expires = Math.floor((deps.clock.now().getTime() + CHALLENGE_TTL_MS) / 1000);
  const salt = `${randomBytes(12).toString('hex')}?m=${encodeURIComponent(merchantId)}&expires=${expires}`;
  const challenge = sha256(`${salt}${randomInt(0, maxnumber + 1)}`);
  return {
    algorithm: 'SHA-256',
    challenge,
    salt,
    maxnumber,
    signature: sign(deps.config.jwtSecret, challenge),
  };
}

/**
 * A solution is ours (signed), for this merchant, unexpired, correct, and not used before (then used
 * now). The salt is part of what was hashed into the signed challenge, so its merchant cannot be changed.
 */
async function accepted(deps: AppDeps, s: Solution, merchantId: string): Promise<boolean> {
  if (s.algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(s.challenge)) return false;
  if (/[?&]m=([^&]*)&/.exec(s.salt)?.[1] !== encodeURIComponent(merchantId)) return false;
  const expected = Buffer.from(sign(deps.config.jwtSecret, s.challenge), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(s.signature) ? s.signature : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const expires = Number(/[?&]expires=(\d+)$/.exec(s.salt)?.[1]);
  const nowMs = deps.clock.now().getTime();
  if (!Number.isFinite(expires) || expires * 1000 <= nowMs) return false;
  if (!Number.isSafeInteger(s.number) || s.number < 0 || sha256(`${s.salt}${s.number}`) !== s.challenge)
    return false;
  const db = deps.database.db;
  const now = new Date(nowMs).toISOString();
  await db.deleteFrom('challenge_uses').where('expires_at', '<', now).execute();
  const used = await db
    .insertInto('challenge_uses')
    .values({ challenge: s.challenge, expires_at: new Date(expires * 1000).toISOString() })
    .onConflict((oc) => oc.column('challenge').doNothing())
    .executeTakeFirst();
  return Number(used.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Before a quote for `merchantId`: past the merchant's or the platform's decline ceiling, a valid
 * unused solution is required — else 428 with a fresh challenge to solve.
 */
export async function requireChallengeIfPastCeiling(
  deps: AppDeps,
  merchantId: string,
  solution: Solution | undefined,
): Promise<void> {
  if (!deps.config.rateLimits) return;
  const now = deps.clock.now().toISOString();
  const blocks = await declineBlocks(deps.database.db, ceilingKeysOf(merchantId), now);
  const active = blocks.filter((b) => b.blocked_until !== null && b.blocked_until > now);
  if (active.length === 0) return;
  if (solution && (await accepted(deps, solution, merchantId))) return;
  const limits = deps.config.declineLimits;
  const factor = Math.max(
    ...active.map((b) => workFactor(b.declines, b.scope === 'platform' ? limits.platform : limits.merchant)),
  );
  throw new AppError('challenge_required', solution ? CHALLENGE_FAILED_MESSAGE : CHALLENGE_REQUIRED_MESSAGE, {
    extra: { challenge: issueChallenge(deps, merchantId, factor) },
  });
}
