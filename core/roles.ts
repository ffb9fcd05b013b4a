/**
 * The roles table (issue 32, docs/auth.md): what each member role may do in a merchant's part of the
 * console. The server enforces it (api/auth/access.ts); the console hides what a role cannot do
 * (admin/src/access.ts). A platform admin may do everything and has no role.
 */
export const MEMBER_ROLES = ['owner', 'staff', 'developer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ROLE_ACTIONS = {
  /** See the merchant's details and embed codes. */
  'merchant.read': ['owner', 'staff', 'developer'],
  /** Change the merchant's details, branding and surcharge. */
  'merchant.update': ['owner'],
  /** Payments and their refunds, disputes and accounting records. */
  'payments.read': ['owner', 'staff'],
  /** Make a signed pay link for an invoice, and cancel one. */
  'pay_links.manage': ['owner', 'staff'],
  /** Refund a payment (staff up to the merchant's staff refund limit, when the owner set one). */
  'payments.refund': ['owner', 'staff'],
  /**
   * Cancel a held payment; write off an invoice remainder below the card minimum; dismiss an
   * observation; mark a payment, refund or write-off recorded in the accounting tool by hand.
   */
  'payments.adjust': ['owner', 'staff'],
  /** The Xero / QuickBooks connection and settings, Xero Pay now, syncing and retrying syncs. */
  'accounting.manage': ['owner'],
  /** The wallet (Apple Pay, Google Pay) domains of the merchant's own sites. */
  'domains.manage': ['owner', 'developer'],
  /** The automation webhook: URL, signing secret, test sends, and the delivery log. */
  'webhooks.manage': ['owner', 'developer'],
  /** Connect the merchant's Stripe account (onboarding). */
  'connect.manage': ['owner'],
  /** Integrator API keys. */
  'api_keys.manage': ['owner', 'developer'],
  /** The merchant's audit entries. */
  'audit.read': ['owner'],
  /** The team: members, roles, invitations. */
  'team.manage': ['owner'],
} as const satisfies Record<string, readonly MemberRole[]>;

export type MemberAction = keyof typeof ROLE_ACTIONS;

export const roleAllows = (role: MemberRole | undefined | null, action: MemberAction): boolean =>
  !!role && (ROLE_ACTIONS[action] as readonly MemberRole[]).includes(role);
