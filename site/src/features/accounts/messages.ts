/**
 * Texts of the accounts pages. The spec's own (§5, §8) come from the shared auth client so the
 * console and the site say the same; the rest are ours.
 */
export { SIGN_IN_FAILED, SIGN_UP_FAILED } from '../../../../client/auth.ts';
import { AuthError } from '../../../../client/auth.ts';

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Email is invalid';
export const PASSWORD_REQUIRED = 'Password is required';
export const GENERIC_FAILURE = 'An error occurred. Please try again.';
export const VERIFY_LINK_INVALID = 'This confirmation link is invalid or has expired.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const RESET_SENT = 'If an account exists for that email, we have sent a link to reset the password.';

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
