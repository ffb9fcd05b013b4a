/**
 * Who may do what in the console's API (issue 32, docs/auth.md). A platform admin may do everything.
 * Anyone else acts through memberships: a role in each merchant they belong to. Each console route
 * declares the one action it needs (`'x-access': 'payments.read'` on its route definition); a route
 * without one is an admin's alone, so a new route is closed to members until someone opens it.
 *
 * Two answers, and the difference matters: 403 when the user's role allows the action on none of
 * their merchants (a developer asking for payments), 404 when the object belongs to a merchant they
 * are not a member of — the same answer as for an id that does not exist, so ids cannot be probed.
 *
 * @example app.use('/api/admin/*', requireConsole());   // sets c.get('access')
 * @example authorizeMerchant(c, 'payments.refund', payment.merchant_id); // 404 / 403 / passes
 * @example const ids = merchantScope(c, 'payments.read'); // null: every merchant (admin)
 */
import type { Context } from 'hono';
import type { AppEnv, ConsoleAccess } from '../context.ts';
import type { MemberRole } from '../db/types.ts';
import { roleAllows, ROLE_ACTIONS, type MemberAction } from '../../core/roles.ts';
import { AppError } from '../errors.ts';

export { MEMBER_ROLES, ROLE_ACTIONS, type MemberAction } from '../../core/roles.ts';

/**
 * Declared by a console route that any signed-in user with a confirmed email may call: creating a
 * merchant by sign-up (MERCHANT_SIGNUP). The route decides the rest.
 */
export const SIGNED_IN = 'signed_in';

export const ADMIN_ONLY_MESSAGE = 'You must be an admin to perform this action.';
export const ROLE_REFUSED_MESSAGE = "Your role in this merchant doesn't allow this.";
export const NOT_FOUND_MESSAGE = 'Not found';
export const CONFIRM_EMAIL_FIRST =
  'Confirm your email address first (use the link we sent you), then start your merchant.';

export function consoleAccess(
  admin: boolean,
  memberships: ReadonlyMap<string, MemberRole>,
  emailVerified: boolean,
): ConsoleAccess {
  return {
    admin,
    memberships,
    enforceRoute(action) {
      if (admin) return;
      if (action === SIGNED_IN) {
        if (!emailVerified) throw new AppError('forbidden', CONFIRM_EMAIL_FIRST);
        return;
      }
      if (!action || !(action in ROLE_ACTIONS)) throw new AppError('forbidden', ADMIN_ONLY_MESSAGE);
      for (const role of memberships.values()) if (roleAllows(role, action as MemberAction)) return;
      throw new AppError('forbidden', memberships.size ? ROLE_REFUSED_MESSAGE : ADMIN_ONLY_MESSAGE);
    },
    scope(action) {
      if (admin) return null;
      return [...memberships]
        .filter(([, role]) => roleAllows(role, action as MemberAction))
        .map(([id]) => id);
    },
    authorize(action, merchantId, notFound) {
      if (admin) return;
      const role = merchantId ? memberships.get(merchantId) : undefined;
      if (!role) throw new AppError('not_found', notFound);
      if (!roleAllows(role, action as MemberAction)) throw new AppError('forbidden', ROLE_REFUSED_MESSAGE);
    },
  };
}

function accessOf(c: Context<AppEnv>): ConsoleAccess {
  const access = c.get('access');
  if (!access) throw new Error('console access is set by requireConsole() on /api/admin/*');
  return access;
}

export const isAdmin = (c: Context<AppEnv>): boolean => accessOf(c).admin;

/** The user's role in `merchantId`: undefined for an admin (who has none) or a non-member. */
export const memberRoleIn = (c: Context<AppEnv>, merchantId: string): MemberRole | undefined =>
  accessOf(c).admin ? undefined : accessOf(c).memberships.get(merchantId);

/**
 * The merchants whose objects the user may see for `action`: null for an admin (every merchant), else
 * the ids of the merchants where their role allows it (lists filter on these in the query).
 */
export function merchantScope(c: Context<AppEnv>, action: MemberAction): string[] | null {
  return accessOf(c).scope(action);
}

/**
 * Passes when the user may take `action` on an object of `merchantId`; 404 when it is not one of
 * their merchants' (or belongs to no merchant), 403 when it is but their role there does not allow it.
 */
export function authorizeMerchant(
  c: Context<AppEnv>,
  action: MemberAction,
  merchantId: string | null | undefined,
  notFound = NOT_FOUND_MESSAGE,
): void {
  accessOf(c).authorize(action, merchantId, notFound);
}
