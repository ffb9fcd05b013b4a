/**
 * Past a card-testing ceiling, a challenge instead of a lockout (DESIGN §3.4, issue 30 item 7).
 * Declines are counted per merchant and platform-wide (api/payments/create/declines.ts), which rotating
 * client addresses and typed invoice numbers cannot get around. While the merchant's or the
 * platform's ceiling is reached, every quote for that merchant needs a solved proof of work
 * (api/rate-limit/proof-of-work.ts; about 0.3 s in a browser at the base work), each solution good
 * for one quote. Enforced with RATE_LIMITS.
 *
 * Round four (DESIGN §3.4): a challenge names the merchant it was issued for in its salt (which the
 * signed challenge hash binds), and is good for that merchant's quotes only; its work grows with the
 * declines — CHALLENGE_MAX_NUMBER at the ceiling, doubled for each further ceiling's worth, up to 16×
 * — so a card tester pays more per card the more they decline. Every path to a chargeable quote
 * passes the gate: the quote route, and a payment whose quote no longer holds (api/payments/create/
 * service.ts answers 428 instead of re-quoting past a ceiling).
 *
 * The same gate asks a payer whose earlier hold ended unpaid (api/payments/create/unpaid-holds.ts):
 * the challenge before their next hold, at the base work.
 */
import type { Solution } from '../../../core/proof-of-work.ts';
import { challengeAccepted, issueChallenge } from '../../rate-limit/proof-of-work.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { ceilingKeysOf } from './declines.ts';
import { declineBlocks } from './declines-repository.ts';
import { owesChallenge, settleUnpaidHolds, type Payer } from './unpaid-holds.ts';

export const CHALLENGE_REQUIRED_MESSAGE =
  'Many card payments have been declined here recently, so your browser must complete a short security check. Please try again.';
export const CHALLENGE_FAILED_MESSAGE = 'The security check could not be verified. Please try again.';
export const UNPAID_HOLD_CHALLENGE_MESSAGE =
  'Your last payment attempt here ended unpaid, so your browser must complete a short security check before the next one. Please try again.';

/** The most work a challenge asks: this many times CHALLENGE_MAX_NUMBER. */
const MAX_WORK_FACTOR = 16;

/** How much work past the ceilings: 1× at a ceiling, doubling with each further ceiling's worth of declines. */
export function workFactor(declines: number, ceiling: number): number {
  const over = Math.max(0, Math.floor(declines / ceiling) - 1);
  return Math.min(MAX_WORK_FACTOR, 2 ** over);
}

/**
 * Before a quote for the payer's merchant: past the merchant's or the platform's decline ceiling, or
 * while the payer's session or address owes the challenge for a hold that ended unpaid
 * (api/payments/create/unpaid-holds.ts), a valid unused solution is required — else 428 with a fresh
 * challenge to solve. A solution accepted settles what the payer owed.
 */
export async function requireChallenge(
  deps: AppDeps,
  payer: Payer,
  solution: Solution | undefined,
): Promise<void> {
  if (!deps.config.rateLimits) return;
  const now = deps.clock.now().toISOString();
  const db = deps.database.db;
  const blocks = await declineBlocks(db, ceilingKeysOf(payer.merchantId), now);
  const active = blocks.filter((b) => b.blocked_until !== null && b.blocked_until > now);
  const owed = await owesChallenge(db, payer, now);
  if (active.length === 0 && !owed) return;
  if (solution && (await challengeAccepted(deps, solution, payer.merchantId))) {
    if (owed) await settleUnpaidHolds(db, payer, now);
    return;
  }
  const limits = deps.config.declineLimits;
  const factor = Math.max(
    1,
    ...active.map((b) => workFactor(b.declines, b.scope === 'platform' ? limits.platform : limits.merchant)),
  );
  const message = solution
    ? CHALLENGE_FAILED_MESSAGE
    : active.length > 0
      ? CHALLENGE_REQUIRED_MESSAGE
      : UNPAID_HOLD_CHALLENGE_MESSAGE;
  throw new AppError('challenge_required', message, {
    extra: { challenge: issueChallenge(deps, payer.merchantId, factor) },
  });
}

/**
 * At create, for a quote that still holds: a hold of the payer's that ended unpaid since the quote
 * was made (a quote taken in advance, before the hold was placed and left) is owed first.
 */
export async function requireNoUnpaidHold(deps: AppDeps, payer: Payer): Promise<void> {
  if (!deps.config.rateLimits) return;
  const now = deps.clock.now().toISOString();
  if (!(await owesChallenge(deps.database.db, payer, now))) return;
  throw new AppError('challenge_required', UNPAID_HOLD_CHALLENGE_MESSAGE, {
    extra: { challenge: issueChallenge(deps, payer.merchantId, 1) },
  });
}
