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

export function issueChallenge(deps: AppDeps): Challenge {
  const maxnumber = deps.config.declineLimits.challengeMaxNumber;
  const expires = Math.floor((deps.clock.now().getTime() + CHALLENGE_TTL_MS) / 1000);
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const challenge = sha256(`${salt}${randomInt(0, maxnumber + 1)}`);
  return {
    algorithm: 'SHA-256',
    challenge,
    salt,
    maxnumber,
    signature: sign(deps.config.jwtSecret, challenge),
  };
}

/** A solution is ours (signed), unexpired, correct, and not used before (then used now). */
async function accepted(deps: AppDeps, s: Solution): Promise<boolean> {
  if (s.algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(s.challenge)) return false;
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
  if (!blocks.some((b) => b.blocked_until !== null && b.blocked_until > now)) return;
  if (solution && (await accepted(deps, solution))) return;
  throw new AppError('challenge_required', solution ? CHALLENGE_FAILED_MESSAGE : CHALLENGE_REQUIRED_MESSAGE, {
    extra: { challenge: issueChallenge(deps) },
  });
}
