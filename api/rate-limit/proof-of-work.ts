/**
 * A self-hosted proof of work instead of a lockout (DESIGN §3.4, §6): the server hands out
 * `sha256(salt + n)` for a secret random `n ≤ maxnumber`, signed (HMAC) and expiring; the browser
 * finds `n` by trying (core/proof-of-work.ts; about maxnumber / 2 hashes); each solution is good
 * once (kept in `challenge_uses` until it expires). A challenge names its `scope` (a merchant's
 * payments, one account's sign-in) in its salt, which the signed hash binds: a solution is accepted
 * for that scope only. In the format of ALTCHA's: `{ algorithm, challenge, salt, maxnumber,
 * signature }`, answered with `{ algorithm, challenge, salt, number, signature }`.
 *
 * Used by the card-testing ceilings (api/payments/create/challenge.ts) and console sign-in after
 * repeated failures (api/auth/session.ts).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Challenge, Solution } from '../../core/proof-of-work.ts';
import type { AppDeps } from '../context.ts';

/** How long a challenge may be solved and used. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sign = (secret: string | null, challenge: string) =>
  createHmac('sha256', `pow:${secret ?? 'dev'}`)
    .update(challenge)
    .digest('hex');

type ChallengeDeps = Pick<AppDeps, 'config' | 'clock' | 'database'>;

/** A challenge for `scope`, `factor` times CHALLENGE_MAX_NUMBER of work. */
export function issueChallenge(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  scope: string,
  factor = 1,
): Challenge {
  const maxnumber = deps.config.declineLimits.challengeMaxNumber * factor;
  const expires = Math.floor((deps.clock.now().getTime() + CHALLENGE_TTL_MS) / 1000);
  const salt = `${randomBytes(12).toString('hex')}?m=${encodeURIComponent(scope)}&expires=${expires}`;
  const challenge = sha256(`${salt}${randomInt(0, maxnumber + 1)}`);
  return {
    algorithm: 'SHA-256',
    challenge,
    salt,
    maxnumber,
    signature: sign(deps.config.jwtSecret, challenge),
  };
}

/** A solution is ours (signed), for this scope, unexpired, correct, and not used before (then used now). */
export async function challengeAccepted(deps: ChallengeDeps, s: Solution, scope: string): Promise<boolean> {
  if (s.algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(s.challenge)) return false;
  if (/[?&]m=([^&]*)&/.exec(s.salt)?.[1] !== encodeURIComponent(scope)) return false;
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
