/**
 * The console's texts for wallet domains (admin/src/merchants/PaymentDomainsPanel.tsx) and for a
 * payment charged with another method than quoted (admin/src/payments/MethodMismatch.tsx).
 */
export const wallets = {
  wallet_domains: {
    title: 'Wallet domains',
    intro:
      "Apple Pay and Google Pay show only on pages whose domain is registered on this merchant's Stripe account. Add each site where the merchant embeds the payment widget.",
    connect_first: 'Connect Stripe first: domains are registered on its account.',
    load_failed: 'Failed to load the wallet domains. Please try again.',
    table: 'Wallet domains',
    domain: 'Domain',
    status: 'Status',
    payment_page: 'payment page',
    wallets: 'Apple Pay %{apple} · Google Pay %{google}',
    check: 'Check again',
    checked: 'Checked again',
    remove: 'Remove',
    remove_label: 'Remove %{domain}',
    removed: 'Domain removed',
    field: 'Merchant site domain',
    add: 'Add',
    added: 'Domain registered for wallets',
    try_again: 'Please try again.',
    state: {
      pending: 'pending',
      active: 'active',
      inactive: 'inactive',
      failed: 'failed',
    },
  },
  method_mismatch: {
    text: 'Charged with a different payment method than quoted: quoted %{quoted}, charged %{charged}. Surcharge charged %{surcharge} (%{percentage}%)%{due}. Refund the difference or contact the customer.',
    unknown: 'another payment method (its details are not known yet)',
    due: '; the card charged calls for %{surcharge} (%{percentage}%, rule %{rule})',
  },
};
