/** One status model per merchant: the Stripe onboarding state from the connection fields, and the account status's colour. */
import { describe, expect, it } from 'vitest';
import { accountLabel, accountTone, onboardingState } from '../../admin/src/merchants/merchant-status.ts';

const m = (over: Partial<Parameters<typeof onboardingState>[0]>) => ({
  stripe_account_id: null,
  stripe_onboarding_complete: false,
  stripe_connect_status: null,
  ...over,
});

describe('merchant status', () => {
  it('onboarding: Active only when Stripe has enabled charges with the details in; otherwise where it stands', () => {
    expect(onboardingState(m({}))).toBe('not_connected');
    expect(onboardingState(m({ stripe_connect_status: 'disconnected' }))).toBe('not_connected');
    expect(onboardingState(m({ stripe_account_id: 'acct_1', stripe_connect_status: 'onboarding' }))).toBe(
      'onboarding',
    );
    expect(
      onboardingState(m({ stripe_account_id: 'acct_1', stripe_connect_status: 'pending_verification' })),
    ).toBe('in_review');
    expect(onboardingState(m({ stripe_connect_status: 'pending_manual_processing' }))).toBe(
      'needs_attention',
    );
    expect(
      onboardingState(
        m({ stripe_account_id: 'acct_1', stripe_onboarding_complete: true, stripe_connect_status: 'active' }),
      ),
    ).toBe('complete');
  });

  it('account: active green, pending yellow, anything else red; shown as a word', () => {
    expect([accountTone('active'), accountTone('pending'), accountTone('suspended')]).toEqual([
      'success',
      'warning',
      'error',
    ]);
    expect([accountLabel('active'), accountLabel('on_hold'), accountLabel(null)]).toEqual([
      'Active',
      'On hold',
      'Unknown',
    ]);
    // The operator's review in words (issue 50 item 4).
    expect([accountLabel('pending'), accountLabel('inactive')]).toEqual(['Awaiting review', 'Suspended']);
  });
});
