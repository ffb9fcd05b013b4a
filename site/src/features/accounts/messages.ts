/**
 * Texts of the accounts pages. What the server says too comes from core/messages.ts (the spec's
 * password rules through the shared auth client, so the console and the site say the same).
 */
export { SIGN_IN_FAILED, SIGN_UP_FAILED } from '../../../../client/auth.ts';
import { AuthError } from '../../../../client/auth.ts';
import { ACCOUNT_MESSAGES, FIELD_MESSAGES } from '../../../../core/messages.ts';

export const EMAIL_REQUIRED = FIELD_MESSAGES.emailRequired;
export const EMAIL_INVALID = FIELD_MESSAGES.emailInvalid;
export const PASSWORD_REQUIRED = FIELD_MESSAGES.passwordRequired;
export const GENERIC_FAILURE = 'An error occurred. Please try again.';
export const VERIFY_LINK_INVALID = ACCOUNT_MESSAGES.verifyLinkInvalid;
export const RESET_LINK_INVALID = ACCOUNT_MESSAGES.resetLinkInvalid;
export const RESET_SENT = ACCOUNT_MESSAGES.resetSent;
export const PASSWORD_CHANGED = ACCOUNT_MESSAGES.passwordChanged;

/** What a failed request shows: the API's own message for a 4xx, `fallback` for anything else. */
export function failureText(err: unknown, fallback: string): string {
  if (!(err instanceof AuthError) || err.status >= 500 || !err.message) return fallback;
  return err.message;
}

/** The same loose email check as the API's (`api/auth/schema.ts`). */
export function emailError(email: string): string | null {
  const value = email.trim();
  if (!value) return EMAIL_REQUIRED;
  if (value.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return EMAIL_INVALID;
  return null;
}
