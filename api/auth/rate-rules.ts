/**
 * Abuse limits for the account endpoints (active when RATE_LIMITS is on). Per-IP limits slow
 * scripted abuse; per-account limits protect one mailbox or password whatever the source. Login
 * failures count per IP+account here (a guesser cannot lock the real user out from elsewhere), and
 * per account across all IPs as a temporary lockout (session.ts: persisted on `users`, so
 * `npm run admin:create` or a password reset clears it at once).
 */
import type { RateRule } from '../rate-limit/limiter.ts';

const MIN = 60_000;

export const RATE_RULES = {
  loginIp: { name: 'login:ip', limit: 60, windowMs: 15 * MIN },
  loginFailIpAccount: { name: 'login-fail:ip+account', limit: 5, windowMs: 15 * MIN },
  signupIp: { name: 'signup:ip', limit: 10, windowMs: 60 * MIN },
  signupAccount: { name: 'signup:account', limit: 3, windowMs: 60 * MIN },
  verifyIp: { name: 'verify:ip', limit: 30, windowMs: 15 * MIN },
  verifyAccount: { name: 'verify:account', limit: 3, windowMs: 60 * MIN },
  resetIp: { name: 'reset:ip', limit: 20, windowMs: 15 * MIN },
  resetAccount: { name: 'reset:account', limit: 3, windowMs: 60 * MIN },
  refreshIp: { name: 'refresh:ip', limit: 300, windowMs: 15 * MIN },
} satisfies Record<string, RateRule>;
