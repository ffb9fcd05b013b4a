/**
 * The operator's review of merchants (issue 50 item 4, docs/auth.md). A merchant that signed itself
 * up starts `pending`: awaiting review, it may still finish Stripe onboarding and take payments (a
 * business that starts alone is not held up; Stripe verifies who it is). The operator approves it
 * (`active`), or suspends it with a reason (`inactive`: its links refuse payment, naming it), and may
 * reinstate a suspended one by approving it. Each decision is audited with its reason and mailed to
 * the merchant's owners (or its contact address when it has none).
 */
import type { Actor } from '../audit/actor.ts';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { Merchant } from '../db/types.ts';
import { transact } from '../db/transact.ts';
import { AppError } from '../errors.ts';
import { composeMail } from '../mail/compose.ts';
import { findMerchantById } from './rows.ts';
import { updateMerchant } from './repository.ts';
import { merchantChanged } from './changes.ts';
import { listMembers } from './team.ts';
import { ADMIN_MERCHANT_NOT_FOUND } from './service.ts';

export const ALREADY_APPROVED = 'This merchant is approved already.';
export const ALREADY_SUSPENDED = 'This merchant is suspended already.';

type Decision = 'approve' | 'suspend';

/** Approve a merchant awaiting review, or reinstate a suspended one. */
export function approveMerchant(deps: AppDeps, id: string, actor: Actor): Promise<Merchant> {
  return decide(deps, id, 'approve', null, actor);
}

/** Suspend a merchant: its links refuse payment until it is approved again. */
export function suspendMerchant(deps: AppDeps, id: string, reason: string, actor: Actor): Promise<Merchant> {
  return decide(deps, id, 'suspend', reason, actor);
}

async function decide(
  deps: AppDeps,
  id: string,
  decision: Decision,
  reason: string | null,
  actor: Actor,
): Promise<Merchant> {
  const to = decision === 'approve' ? 'active' : 'inactive';
  const now = deps.clock.now().toISOString();
  const { before, after } = await transact(deps.database, async (trx) => {
    const before = await findMerchantById(trx, id);
    if (!before || before.deleted_at) throw new AppError('not_found', ADMIN_MERCHANT_NOT_FOUND);
    if (before.status === to)
      throw new AppError('conflict', decision === 'approve' ? ALREADY_APPROVED : ALREADY_SUSPENDED);
    await updateMerchant(trx, id, {
      status: to,
      status_reason: reason,
      status_changed_at: now,
      status_changed_by: actor.user?.id ?? null,
      last_updated: now,
    });
    await audit(
      trx,
      {
        actor: actor.user,
        action: decision === 'approve' ? 'merchant.approve' : 'merchant.suspend',
        targetType: 'merchant',
        targetId: id,
        merchantId: id,
        details: { from: before.status, to, ...(reason ? { reason } : {}) },
        ip: actor.ip,
      },
      deps.clock,
    );
    return { before, after: (await findMerchantById(trx, id))! };
  });
  merchantChanged(deps); // after the commit: pay pages and payment lookups read the new status
  await tellOwners(deps, after, decision, before.status, reason);
  return after;
}

/** The addresses a decision is mailed to: the merchant's owners, else its contact address. */
async function ownerAddresses(deps: AppDeps, merchant: Merchant): Promise<string[]> {
  const owners = (await listMembers(deps, merchant.id)).filter((m) => m.role === 'owner');
  return owners.length > 0 ? owners.map((o) => o.email) : [merchant.email];
}

async function tellOwners(
  deps: AppDeps,
  merchant: Merchant,
  decision: Decision,
  from: string,
  reason: string | null,
): Promise<void> {
  const product = deps.config.productName;
  const link = {
    url: `${deps.config.publicBaseUrl}/admin/merchants/${merchant.id}`,
    label: 'Open your merchant',
  };
  const mail =
    decision === 'approve'
      ? {
          kind: 'merchant_approved',
          subject:
            from === 'inactive'
              ? `${merchant.business_name} is taking payments again on ${product}`
              : `${merchant.business_name} is approved on ${product}`,
          lines: [
            from === 'inactive'
              ? `${merchant.business_name} is no longer suspended: its payment links take payments again.`
              : `${product} has reviewed and approved ${merchant.business_name}.`,
            'Nothing else is needed from you for this review.',
          ],
        }
      : {
          kind: 'merchant_suspended',
          subject: `${merchant.business_name} is suspended on ${product}`,
          lines: [
            `${product} has suspended ${merchant.business_name}: its payment links no longer take payments.`,
            `Reason: ${reason}`,
            `Reply to this email or contact ${product} to resolve it. Payments already made are not affected.`,
          ],
        };
  for (const to of await ownerAddresses(deps, merchant)) {
    try {
      await deps.mailer.send(composeMail({ to, ...mail, link }));
    } catch (err) {
      // The decision stands; the console shows it. The failure is logged for the operator.
      deps.logger.warn({ merchantId: merchant.id, err: (err as Error).message }, 'review mail not sent');
    }
  }
}
