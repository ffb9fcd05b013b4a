/**
 * One status model per merchant, two independent facts that every screen shows the same way:
 * - the **account** status (`status`: active, pending, anything else is shown red, spec §3): whether
 *   the merchant is enabled in the product;
 * - the **Stripe onboarding** state, from the connection fields: Active once Stripe has enabled
 *   charges and the details are in (spec §4 "Active if stripe_onboarding_complete, else
 *   Onboarding"); before that, Onboarding is told apart as Not connected, Onboarding, In review
 *   (details submitted, Stripe verifying) or Needs attention (the connection must be finished by hand).
 * "Account: Active" with "Stripe: Onboarding" is then a merchant that exists but cannot take card
 * payments yet — two labelled badges, never two bare words that seem to disagree.
 */
import type { Tone } from '../shared/format.ts';
import type { Merchant } from '../shared/types.ts';

export type OnboardingState = 'complete' | 'onboarding' | 'in_review' | 'needs_attention' | 'not_connected';

type ConnectionFields = Pick<
  Merchant,
  'stripe_account_id' | 'stripe_onboarding_complete' | 'stripe_connect_status'
>;

export function onboardingState(m: ConnectionFields): OnboardingState {
  if (m.stripe_onboarding_complete) return 'complete';
  if (m.stripe_connect_status === 'pending_manual_processing') return 'needs_attention';
  if (!m.stripe_account_id) return 'not_connected';
  if (m.stripe_connect_status === 'pending_verification') return 'in_review';
  return 'onboarding';
}

/** i18n key and colour of each onboarding state. */
export const ONBOARDING: Record<OnboardingState, { label: string; tone: Tone }> = {
  complete: { label: 'console.merchants.onboarding.complete', tone: 'success' },
  onboarding: { label: 'console.merchants.onboarding.onboarding', tone: 'warning' },
  in_review: { label: 'console.merchants.onboarding.in_review', tone: 'warning' },
  needs_attention: { label: 'console.merchants.onboarding.needs_attention', tone: 'error' },
  not_connected: { label: 'console.merchants.onboarding.not_connected', tone: 'default' },
};

/** The account status's colour (spec §3): active green, pending yellow, anything else red. */
export function accountTone(status: string | null | undefined): Tone {
  if (status === 'active') return 'success';
  if (status === 'pending') return 'warning';
  return 'error';
}

/** What the operator's review made of a merchant (issue 50 item 4), in the words every screen uses. */
const REVIEW_WORDS: Record<string, string> = {
  active: 'Active',
  pending: 'Awaiting review',
  inactive: 'Suspended',
};

/** The account status as words: "Active", "Awaiting review", "Suspended", or the stored value in sentence case. */
export function accountLabel(status: string | null | undefined): string {
  if (status && REVIEW_WORDS[status]) return REVIEW_WORDS[status];
  const s = (status || 'unknown').replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
