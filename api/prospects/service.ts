/**
 * Contact-form submissions become prospects (source 'website_contact_form', status 'new'), after
 * the per-IP rate limit (applied by the route) and the honeypot. A bot that fills the honeypot gets
 * the same answer as a person and nothing is stored, so it cannot learn to avoid the trap.
 */
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../merchants/service.ts';
import type { RateRule } from '../rate-limit/limiter.ts';
import { findProspectById, insertProspect, setProspectStatusRow } from './repository.ts';
import type { PROSPECT_STATUSES, ProspectSubmission } from './schema.ts';

/**
 * Contact-form submissions per client IP: spam control for a sales form, so process-local counters
 * (the shared in-memory limiter) are enough. Off when RATE_LIMITS is off (DESIGN §3.9).
 */
export const CONTACT_RATE_RULE: RateRule = { name: 'contact-form', limit: 5, windowMs: 10 * 60_000 };

/** Store a submission; returns whether it was stored (false for a honeypot hit). */
export async function submitProspect(
  deps: AppDeps,
  input: ProspectSubmission,
  ip: string | null,
): Promise<boolean> {
  if (input.website && input.website.trim() !== '') {
    deps.logger.info({ ip }, 'contact form honeypot filled; submission dropped');
    return false;
  }
  await insertProspect(deps.database.db, {
    id: crypto.randomUUID(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    company_name: input.company_name,
    created_at: deps.clock.now().toISOString(),
  });
  return true;
}

export const PROSPECT_NOT_FOUND = 'Prospect not found';

/** An admin moves a prospect along (e.g. new → contacted); audited. Returns the updated row. */
export async function setProspectStatus(
  deps: AppDeps,
  id: string,
  status: (typeof PROSPECT_STATUSES)[number],
  actor: Actor,
) {
  return deps.database.db.transaction().execute(async (trx) => {
    const before = await findProspectById(trx, id);
    if (!before) throw new AppError('not_found', PROSPECT_NOT_FOUND);
    if (before.status !== status) {
      await setProspectStatusRow(trx, id, status);
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'prospect.update',
          targetType: 'prospect',
          targetId: id,
          details: { status: { from: before.status, to: status } },
          ip: actor.ip,
        },
        deps.clock,
      );
    }
    return (await findProspectById(trx, id))!;
  });
}
