/** Merchant Details' tabs by purpose (issue 50 item 3): which a role opens, their labels, their paths. */
import { can } from '../access.ts';

export const MERCHANT_TABS = ['setup', 'payments', 'accounting', 'team', 'developers'] as const;
export type MerchantTab = (typeof MERCHANT_TABS)[number];

/** Each tab's label (keys spelled out for the catalogue check). */
export const TAB_LABELS: Record<MerchantTab, string> = {
  setup: 'console.merchant_tabs.setup',
  payments: 'console.merchant_tabs.payments',
  accounting: 'console.merchant_tabs.accounting',
  team: 'console.merchant_tabs.team',
  developers: 'console.merchant_tabs.developers',
};

/** The tabs the user's role in `merchantId` opens. */
export function tabsFor(merchantId: string): MerchantTab[] {
  const opens: Record<MerchantTab, boolean> = {
    setup: true,
    payments: true,
    accounting: can('accounting.manage', merchantId),
    team: can('team.manage', merchantId),
    developers:
      can('webhooks.manage', merchantId) ||
      can('domains.manage', merchantId) ||
      can('api_keys.manage', merchantId),
  };
  return MERCHANT_TABS.filter((t) => opens[t]);
}

/** The path of a merchant's page open at `tab` (the checklist's steps link to theirs). */
export const merchantTabPath = (merchantId: string, tab: MerchantTab) =>
  tab === 'setup' ? `/merchants/${merchantId}` : `/merchants/${merchantId}?tab=${tab}`;
