/** The merchant's two badges (see merchant-status.ts): account status and Stripe onboarding, each labelled. */
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Merchant } from '../shared/types.ts';
import { accountLabel, accountTone, ONBOARDING, onboardingState } from './merchant-status.ts';

type StatusFields = Pick<
  Merchant,
  'status' | 'stripe_account_id' | 'stripe_onboarding_complete' | 'stripe_connect_status'
>;

/** The account badge; `labelled` prefixes "Account:" (lists label it by their column header instead). */
export function AccountBadge({
  record,
  labelled,
  testId = 'account-status',
}: {
  record: Pick<Merchant, 'status'>;
  labelled?: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  const value = accountLabel(record.status);
  return (
    <StatusChip
      status={record.status}
      tone={accountTone(record.status)}
      label={labelled ? translate('console.merchants.account_badge', { status: value }) : value}
      testId={testId}
    />
  );
}

/** The Stripe onboarding badge; `labelled` prefixes "Stripe:". */
export function OnboardingBadge({ record, labelled }: { record: StatusFields; labelled?: boolean }) {
  const translate = useTranslate();
  const state = onboardingState(record);
  const value = translate(ONBOARDING[state].label);
  return (
    <StatusChip
      status={state}
      tone={ONBOARDING[state].tone}
      label={labelled ? translate('console.merchants.onboarding_badge', { status: value }) : value}
      testId="onboarding-status"
    />
  );
}

/** Both badges, labelled (Merchant Details, the phone list). */
export function MerchantBadges({ record }: { record: StatusFields }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <AccountBadge record={record} labelled />
      <OnboardingBadge record={record} labelled />
    </Box>
  );
}
