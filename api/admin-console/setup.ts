/**
 * A merchant's setup checklist (issue 50 item 3): what a new owner does before the first payment,
 * each step ticked from the real state in the database, never from a click remembered in a browser:
 *  - stripe: Stripe onboarding complete (cards can be taken);
 *  - surcharge: the surcharge chosen — saved by someone, or set when the merchant was created (the
 *    2.95 % default is offered as a choice, not applied silently: `surcharge_chosen_at`);
 *  - share: a way for customers to pay made — a pay link, or a payment received on any link or
 *    embedded form;
 *  - accounting: Xero or QuickBooks connected, or the automation webhook set;
 *  - team: someone else in the team, or invited.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database.ts';

export const SETUP_STEPS = ['stripe', 'surcharge', 'share', 'accounting', 'team'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupState {
  steps: Array<{ key: SetupStep; done: boolean }>;
  complete: boolean;
}

export async function setupState(db: DbOrTrx, merchantId: string, now: string): Promise<SetupState | null> {
  const row = await db
    .selectFrom('merchants')
    .select((eb) => [
      'merchants.stripe_onboarding_complete',
      'merchants.surcharge_chosen_at',
      'merchants.make_webhook_url',
      eb
        .exists(
          eb
            .selectFrom('pay_links')
            .select(sql`1`.as('x'))
            .where('pay_links.merchant_id', '=', merchantId),
        )
        .as('has_link'),
      eb
        .exists(
          eb
            .selectFrom('payments')
            .select(sql`1`.as('x'))
            .where('payments.merchant_id', '=', merchantId)
            .where('payments.status', 'in', ['succeeded', 'partially_refunded', 'refunded', 'processing']),
        )
        .as('has_payment'),
      eb
        .exists(
          eb
            .selectFrom('accounting_connections')
            .select(sql`1`.as('x'))
            .where('accounting_connections.merchant_id', '=', merchantId)
            .where('accounting_connections.status', '=', 'connected'),
        )
        .as('has_accounting'),
      eb
        .selectFrom('merchant_members')
        .select((m) => m.fn.countAll<number | string>().as('n'))
        .where('merchant_members.merchant_id', '=', merchantId)
        .as('members'),
      eb
        .exists(
          eb
            .selectFrom('merchant_invitations')
            .select(sql`1`.as('x'))
            .where('merchant_invitations.merchant_id', '=', merchantId)
            .where('merchant_invitations.accepted_at', 'is', null)
            .where('merchant_invitations.revoked_at', 'is', null)
            .where('merchant_invitations.expires_at', '>', now),
        )
        .as('has_invitation'),
    ])
    .where('merchants.id', '=', merchantId)
    .where('merchants.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const truthy = (v: unknown) => v === true || Number(v) === 1;
  const done: Record<SetupStep, boolean> = {
    stripe: Number(row.stripe_onboarding_complete) === 1,
    surcharge: row.surcharge_chosen_at !== null,
    share: truthy(row.has_link) || truthy(row.has_payment),
    accounting: truthy(row.has_accounting) || Boolean(row.make_webhook_url),
    team: Number(row.members ?? 0) > 1 || truthy(row.has_invitation),
  };
  const steps = SETUP_STEPS.map((key) => ({ key, done: done[key] }));
  return { steps, complete: steps.every((s) => s.done) };
}
