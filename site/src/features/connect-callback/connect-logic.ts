/**
 * What the Stripe Connect return URL says before any server call (spec §4 "Connect callback", §5),
 * and what the server's answer means. `state` is a signed single-use nonce naming the merchant
 * (DESIGN §4b), checked by the server; `code` comes back from OAuth but not from Account Links
 * onboarding, so a missing code with a state present is left for the server to judge.
 */
import { CONNECT_MESSAGES } from '../../../../core/messages.ts';
export const NO_CODE = CONNECT_MESSAGES.noCode;
export const NO_STATE = CONNECT_MESSAGES.noState;
export const CONNECT_FAILED = CONNECT_MESSAGES.connectFailed;
export const SIGN_IN_REQUIRED = 'You must be signed in to finish connecting Stripe.';
export const NOT_ADMIN =
  "This account cannot connect Stripe for this merchant: only its owners and the platform's admins can.";

export type CallbackParams =
  { ok: true; code: string | null; state: string } | { ok: false; message: string };

export function readCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const code = params.get('code')?.trim() || null;
  const state = params.get('state')?.trim() || null;
  // Stripe reports a refused or failed authorisation with error / error_description.
  const error = params.get('error_description')?.trim() || params.get('error')?.trim();
  if (error) return { ok: false, message: `Stripe did not connect the account: ${error}` };
  if (!code && !state) return { ok: false, message: NO_CODE };
  if (!state) return { ok: false, message: NO_STATE };
  return { ok: true, code, state };
}

export type CallbackResult =
  | { kind: 'success'; merchantId: string; accountId: string; chargesEnabled: boolean }
  /** Back from Stripe's onboarding before it was finished (cancelled, or the link expired). */
  | { kind: 'unfinished'; merchantId: string; accountId: string }
  | { kind: 'pending'; merchantId: string | null; message: string }
  | { kind: 'error'; message: string; signIn?: boolean };

/** The answer of POST /api/admin/stripe-connect-callback, as the page shows it. */
export function interpretCallbackResponse(status: number, body: unknown): CallbackResult {
  const b = (body ?? {}) as {
    merchant_id?: string;
    account_id?: string | null;
    message?: string;
    charges_enabled?: boolean;
    onboarding_complete?: boolean;
    error?: { message?: string };
  };
  if (
    status === 200 &&
    b.merchant_id &&
    b.account_id &&
    b.onboarding_complete === false &&
    !b.charges_enabled
  )
    return { kind: 'unfinished', merchantId: b.merchant_id, accountId: b.account_id };
  if (status === 200 && b.merchant_id && b.account_id)
    return {
      kind: 'success',
      merchantId: b.merchant_id,
      accountId: b.account_id,
      chargesEnabled: b.charges_enabled !== false,
    };
  if (status === 202)
    return {
      kind: 'pending',
      merchantId: b.merchant_id ?? null,
      message: b.message ?? 'The connection will be completed manually.',
    };
  if (status === 401) return { kind: 'error', message: SIGN_IN_REQUIRED, signIn: true };
  if (status === 403) return { kind: 'error', message: NOT_ADMIN };
  if ((status === 400 || status === 404) && b.error?.message)
    return { kind: 'error', message: b.error.message };
  return { kind: 'error', message: CONNECT_FAILED };
}
