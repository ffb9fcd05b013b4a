/**
 * Retention (issue 48; the privacy page says the same): what is only needed for a while is deleted
 * on a schedule, in every process (each delete is idempotent). Kept for RETENTION_TOKEN_DAYS (30)
 * after they were used, revoked or expired: e-mail confirmation and password-reset tokens, sign-in
 * refresh tokens, merchant invitations and accounting OAuth states. Idempotency records: for
 * RETENTION_IDEMPOTENCY_DAYS (30) after they were made (a retry that late is a new request). Mail
 * records (and the captured text of MAIL_TRANSPORT=capture, which holds links): RETENTION_EMAIL_DAYS (90).
 * Payments, refunds, invoices, the ledger and the audit log are records and are never purged here.
 *
 * @example const stop = startRetention(deps); … stop();
 */
import type { AppDeps } from './context.ts';
import type { Db } from './db/database.ts';

export interface PurgeResult {
  accountTokens: number;
  refreshTokens: number;
  invitations: number;
  oauthStates: number;
  idempotencyKeys: number;
  emails: number;
}

const DAY_MS = 86_400_000;

/** Delete what is past its retention at `now`; returns how many rows of each. */
export async function purgeExpired(
  db: Db,
  retention: AppDeps['config']['retention'],
  now: Date,
): Promise<PurgeResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const tokens = before(retention.tokenDays);
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const accountTokens = await db
    .deleteFrom('account_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', tokens), eb('used_at', '<', tokens)]))
    .executeTakeFirst();
  const refreshTokens = await db
    .deleteFrom('refresh_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', tokens), eb('revoked_at', '<', tokens)]))
    .executeTakeFirst();
  const invitations = await db
    .deleteFrom('merchant_invitations')
    .where((eb) =>
      eb.or([eb('expires_at', '<', tokens), eb('accepted_at', '<', tokens), eb('revoked_at', '<', tokens)]),
    )
    .executeTakeFirst();
  const oauthStates = await db.deleteFrom('oauth_states').where('expires_at', '<', tokens).executeTakeFirst();
  const idempotencyKeys = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before(retention.idempotencyDays))
    .executeTakeFirst();
  const emails = await db
    .deleteFrom('emails')
    .where('created_at', '<', before(retention.emailDays))
    .executeTakeFirst();
  return {
    accountTokens: count(accountTokens),
    refreshTokens: count(refreshTokens),
    invitations: count(invitations),
    oauthStates: count(oauthStates),
    idempotencyKeys: count(idempotencyKeys),
    emails: count(emails),
  };
}

/** Purge now (a minute after start) and every RETENTION_INTERVAL_MINUTES; returns a stop function. */
export function startRetention(deps: AppDeps): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    purgeExpired(deps.database.db, deps.config.retention, deps.clock.now())
      .then((r) => {
        if (Object.values(r).some((n) => n > 0)) deps.logger.info(r, 'retention: expired rows deleted');
      })
      .catch((err: Error) =>
        deps.logger.warn({ err: err.message }, 'retention purge failed; tried again later'),
      )
      .finally(() => (running = false));
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, deps.config.retention.intervalMinutes * 60_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
