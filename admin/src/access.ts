/**
 * What the signed-in user may do in the console (issue 32, docs/auth.md): an admin everything; a
 * merchant member what their role allows in each of their merchants (core/roles.ts, the same table
 * the server enforces). Loaded from `/api/auth/me` when the console starts or someone signs in; the
 * console only hides what a role cannot do — the server refuses it regardless.
 */
import { roleAllows, type MemberAction, type MemberRole } from '../../core/roles.ts';
import type { Schemas } from '../../client/api-types.ts';
import { readMe } from './data/http.ts';

export type Membership = Schemas['Me']['memberships'][number];

let admin = false;
let memberships: Membership[] = [];

/** Read the user's memberships (after sign-in, and when the console starts). */
export async function loadAccess(): Promise<void> {
  const me = await readMe();
  admin = me.isAdmin;
  memberships = me.memberships;
}

export const isAdmin = () => admin;
export const myMemberships = (): readonly Membership[] => memberships;
export const roleIn = (merchantId: string): MemberRole | undefined =>
  memberships.find((m) => m.merchant_id === merchantId)?.role;

/** May the user take `action` on merchant `merchantId` (or, without one, on any of their merchants)? */
export function can(action: MemberAction, merchantId?: string): boolean {
  if (admin) return true;
  if (merchantId) return roleAllows(roleIn(merchantId), action);
  return memberships.some((m) => roleAllows(m.role, action));
}

/** The console's resources and pages a member may open, by the action each needs (none: admins only). */
const RESOURCE_ACTIONS: Record<string, MemberAction | undefined> = {
  merchants: 'merchant.read',
  payments: 'payments.read',
  invoices: 'payments.read',
  'api-keys': 'api_keys.manage',
  'pay-links': 'payments.read',
  'audit-log': 'audit.read',
};

/** react-admin's canAccess: admins everything; members the resources their roles open (reads and edits). */
export function canAccessResource(resource: string, action: string): boolean {
  if (admin) return true;
  const needed = RESOURCE_ACTIONS[resource];
  if (!needed || !can(needed)) return false;
  if (resource === 'merchants' && (action === 'delete' || action === 'create')) return false;
  return true;
}

/** The owners' email addresses of one of the user's merchants (from `/api/auth/me`). */
export const ownersOf = (merchantId: string): readonly string[] =>
  memberships.find((m) => m.merchant_id === merchantId)?.owners ?? [];

/** The action a console resource needs (undefined: the platform's, admins only). */
export const resourceAction = (resource: string): MemberAction | undefined => RESOURCE_ACTIONS[resource];

/**
 * Whom to ask for `action`: the owners of `merchantId` (or, without one, of the user's only merchant),
 * unless the user is one of them. Empty when there is nobody to name.
 */
export function whomToAsk(merchantId?: string): string[] {
  const id = merchantId ?? (memberships.length === 1 ? memberships[0].merchant_id : undefined);
  if (!id || roleIn(id) === 'owner') return [];
  return [...ownersOf(id)];
}
