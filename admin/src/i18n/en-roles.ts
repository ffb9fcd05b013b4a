/** English texts of what roles may do (issue 50 item 5) and the merchant page's tabs (item 3). */
export const roles = {
  denied: {
    ask: '%{who} — ask %{owners}.',
    unknown: 'Your role does not open that page.',
    operators: "This page is the platform operators': merchant members do not open it.",
    merchant_read: 'Only members of this merchant see it',
    merchant_update: 'Only owners change these settings',
    payments_read: 'Only owners and staff see payments',
    pay_links_manage: 'Only owners and staff make pay links',
    payments_refund: 'Only owners and staff refund payments',
    payments_adjust: 'Only owners and staff change payments',
    accounting_manage: 'Only owners connect and set up Xero or QuickBooks',
    domains_manage: 'Only owners and developers manage wallet domains',
    webhooks_manage: 'Only owners and developers manage webhooks',
    connect_manage: 'Only owners connect Stripe',
    api_keys_manage: 'Only owners and developers manage API keys',
    audit_read: 'Only owners read the audit log',
    team_manage: 'Only owners manage the team',
  },
  merchant_tabs: {
    label: 'Merchant sections',
    setup: 'Setup',
    payments: 'Payments',
    accounting: 'Accounting',
    team: 'Team',
    developers: 'Developers',
  },
};
