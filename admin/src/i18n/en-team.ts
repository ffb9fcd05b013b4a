/** The console's texts for a merchant's team (admin/src/merchants/TeamPanel.tsx) and the merchant switcher (issue 32). */
export const team = {
  switcher: {
    label: 'Showing',
    all: 'All my merchants',
  },
  team: {
    title: 'Team',
    intro:
      'People who sign in to this merchant: owners can do everything, staff see payments and refund, developers manage API keys and the webhook.',
    loading: 'Loading the team…',
    load_failed: 'The team could not be loaded.',
    email: 'Email',
    role: 'Role',
    since: 'Member since',
    roles: { owner: 'Owner', staff: 'Staff', developer: 'Developer' },
    invite: 'Invite',
    invite_title: 'Invite someone',
    invite_hint: 'They get an email with a link that works once and expires in 7 days.',
    invited: 'Invitation sent',
    invite_failed: 'The invitation could not be sent: %{detail}',
    pending: 'Invited, not yet accepted',
    expired: 'Expired',
    withdraw: 'Withdraw',
    withdrawn: 'Invitation withdrawn',
    withdraw_failed: 'The invitation could not be withdrawn: %{detail}',
    remove: 'Remove',
    remove_title: 'Remove %{email}?',
    remove_text:
      'They lose access to this merchant at once; their open invitations and API keys are withdrawn with them.',
    endpoints_left:
      '%{email} made this webhook endpoint, which still receives this merchant’s events. Delete it under Webhook endpoints if it should stop: |||| %{email} made these %{smart_count} webhook endpoints, which still receive this merchant’s events. Delete them under Webhook endpoints if they should stop:',
    removed: 'Removed from the team',
    remove_failed: 'Could not remove: %{detail}',
    role_changed: 'Role changed',
    role_failed: 'Could not change the role: %{detail}',
    change_role: 'Role of %{email}',
  },
  staff_refunds: {
    title: 'Staff refunds',
    help: 'How much staff may refund of one payment in total. A new merchant starts at 0: staff cannot refund until you set a limit. Owners can always refund any amount.',
    limited: 'Limit what staff can refund',
    limit: 'Most per refund',
    limit_help: '0 means staff cannot refund',
    amount_invalid: 'Enter an amount in dollars and cents, such as 250.00.',
    save: 'Save',
    saved: 'Staff refund limit saved',
  },
};
