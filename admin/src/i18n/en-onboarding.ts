/**
 * The console's texts for getting a merchant going (issue 50): the owner's setup checklist
 * (admin/src/merchants/SetupChecklist.tsx) and the operator's review (admin/src/merchants/ReviewPanel.tsx).
 */
export const onboarding = {
  // The setup checklist (issue 50 item 3).
  setup: {
    title: 'Set up %{name}',
    progress: '%{done} of %{total} steps done',
    done: 'Done',
    to_do: 'To do',
    stripe: {
      title: 'Connect Stripe',
      text: 'Stripe pays the money out to your bank. Until it is connected your links cannot take cards.',
      go: 'Go to Stripe',
    },
    surcharge: {
      title: 'Choose your card surcharge',
      text: 'Customers pay %{percent} % on top when they pay by card, which covers the card fees. Keep it, change it, or turn it off.',
      go: 'Change the surcharge',
      keep: 'Keep %{percent} %',
      keep_none: 'Keep no surcharge',
      kept: 'Surcharge chosen',
    },
    share: {
      title: 'Let customers pay',
      text: 'Copy the embed code onto your website, or make a pay link for an invoice and send it.',
      go: 'Copy the embed code',
      pay_link: 'Make a pay link',
    },
    accounting: {
      title: 'Connect your accounting tool',
      text: 'Connect Xero or QuickBooks so payments are recorded on your invoices by themselves.',
      go: 'Connect Xero or QuickBooks',
    },
    team: {
      title: 'Invite your team',
      text: 'Invite the people who take payments and refunds, or who build your website.',
      go: 'Invite someone',
    },
  },
  // The operator's review of a merchant (issue 50 item 4).
  review: {
    title: 'Review',
    since: 'since %{date}',
    explain: {
      pending:
        'Signed up by itself and awaiting your review. It can already finish Stripe onboarding and take payments; approve it once you have checked it, or suspend it.',
      active:
        'Approved. Suspending it stops its payment links from taking payments; its owners are told why.',
      inactive: 'Suspended: its payment links refuse payment. Reinstating it lets them take payments again.',
    },
    reason: 'Reason: %{reason}',
    approve: 'Approve',
    reinstate: 'Reinstate',
    suspend: 'Suspend',
    approved: 'Merchant approved; its owners have been told',
    reinstated: 'Merchant reinstated; its owners have been told',
    suspended: 'Merchant suspended; its owners have been told why',
    failed: 'Could not save the decision: %{detail}',
    suspend_title: 'Suspend %{name}?',
    suspend_text:
      'Its payment links will refuse payment until it is reinstated. Its owners are mailed the reason you give here.',
    reason_label: 'Reason',
    reason_help: 'The owners read this: say what they need to do.',
    reason_required: 'Say why the merchant is suspended: the owners are told.',
  },
};
