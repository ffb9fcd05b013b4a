/**
 * An API key acts with at most its maker's role, checked at each use (issue 49 item 4, DESIGN §6):
 * the key's own permission (read or write) and merchant scope, and then what the member who made it
 * may do in that merchant now (core/roles.ts). A developer's write key can manage webhook endpoints
 * but never read payments or refund; a key whose maker left the merchant stops working at once. A
 * platform admin's keys act as an admin.
 */
import { roleAllows, type MemberAction, type MemberRole } from '../../../core/roles.ts';

/** The action each integrator route needs, by method and path (first match). */
const V1_ACTIONS: Array<[method: 'GET' | 'WRITE', path: RegExp, action: MemberAction | null]> = [
  ['GET', /^\/api\/v1\/keys\/current\/?$/, null], // the key describing itself
  ['WRITE', /^\/api\/v1\/payments\/[^/]+\/refunds\/?$/, 'payments.refund'],
  ['WRITE', /^\/api\/v1\/payments\/[^/]+\/?$/, 'payments.adjust'],
  ['GET', /^\/api\/v1\/(payments|refunds|invoices)(\/|$)/, 'payments.read'],
  ['GET', /^\/api\/v1\/pay-links(\/|$)/, 'pay_links.manage'],
  ['WRITE', /^\/api\/v1\/pay-links(\/|$)/, 'pay_links.manage'],
  ['GET', /^\/api\/v1\/(webhook_endpoints|events)(\/|$)/, 'webhooks.manage'],
  ['WRITE', /^\/api\/v1\/(webhook_endpoints|events)(\/|$)/, 'webhooks.manage'],
  ['GET', /^\/api\/v1\/merchants(\/|$)/, 'merchant.read'],
];

/** What a request of the integrator API needs of the key's maker; null: nothing beyond the key. */
export function v1ActionFor(method: string, path: string): MemberAction | null {
  const kind = method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD' ? 'GET' : 'WRITE';
  for (const [m, re, action] of V1_ACTIONS) if (m === kind && re.test(path)) return action;
  // A route not listed here: what only an owner may do (a new route is closed until listed).
  return kind === 'GET' ? 'merchant.read' : 'merchant.update';
}

export const MAKER_LEFT_MESSAGE =
  'The member who made this API key no longer belongs to its merchant: the key no longer works.';

export const makerRoleRefusedMessage = (role: MemberRole) =>
  `This API key acts with the role of the member who made it (${role}), which does not allow this.`;

/**
 * Why the maker's role does not allow this request, or null. `makerAdmin`: a platform admin made it
 * (acts as an admin); otherwise `makerRole` is the maker's role in the key's merchant now (null: none).
 */
export function makerRefusal(
  makerAdmin: boolean,
  makerRole: MemberRole | null,
  method: string,
  path: string,
): { status: 401 | 403; message: string } | null {
  if (makerAdmin) return null;
  if (!makerRole) return { status: 401, message: MAKER_LEFT_MESSAGE };
  const action = v1ActionFor(method, path);
  if (action && !roleAllows(makerRole, action))
    return { status: 403, message: makerRoleRefusedMessage(makerRole) };
  return null;
}
