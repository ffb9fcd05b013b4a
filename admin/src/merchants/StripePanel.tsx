/**
 * Card provider connection: the Stripe onboarding badge with the account id, or 'Not connected to
 * Stripe'; Connect by onboarding (Stripe Account Links; the sandbox shows its local consent page)
 * or OAuth (an existing Standard account); Disconnect after confirmation. Both are data-provider
 * actions. The provider returns to the site's /connect/callback at the address the console is
 * open on; while onboarding is unfinished, Merchant Details polls the merchant, so the outcome
 * shows here wherever the onboarding was finished (another tab, the provider's webhook), and a
 * console opened on another address than PUBLIC_BASE_URL says which address to use.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Link, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useAction, useDataQuery } from '../data/useAction.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import type { Merchant } from '../shared/types.ts';
import { onboardingState, type OnboardingState } from './merchant-status.ts';

/** What each onboarding state means for taking payments (the header shows the state's badge). */
const EXPLAIN: Record<OnboardingState, string | null> = {
  complete: 'console.stripe.explain.complete',
  onboarding: 'console.stripe.explain.onboarding',
  in_review: 'console.stripe.explain.in_review',
  needs_attention: 'console.stripe.explain.needs_attention',
  not_connected: null,
};

/** The public address, when the console is open on another one (else null). */
function useOtherPublicAddress(): string | null {
  const { data } = useDataQuery(['public-config'], (dp) => dp.getPublicConfig(), { staleTime: Infinity });
  if (!data) return null;
  try {
    const origin = new URL(data.publicBaseUrl).origin;
    return origin === window.location.origin ? null : origin;
  } catch {
    return null;
  }
}

/** Tell the admin when onboarding finishes while this page is open. */
function useOnboardingOutcome(merchant: Merchant) {
  const notify = useNotify();
  const state = onboardingState(merchant);
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current !== state && state === 'complete')
      notify('console.stripe.onboarding_complete', {
        type: 'success',
        messageArgs: { name: merchant.business_name },
      });
    previous.current = state;
  }, [state, notify, merchant.business_name]);
}

export function StripePanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const [confirm, setConfirm] = useState(false);
  const publicAddress = useOtherPublicAddress();
  useOnboardingOutcome(merchant);
  const account = merchant.stripe_account_id;
  const state = onboardingState(merchant);

  const connect = useAction(
    (dp, mode: 'onboarding' | 'oauth') =>
      dp.startStripeConnect({
        id: merchant.id,
        mode,
        redirectUri: `${window.location.origin}/connect/callback`,
      }),
    { failure: 'console.stripe.connect_failed', onSuccess: ({ url }) => window.location.assign(url) },
  );
  const disconnect = useAction((dp) => dp.disconnectStripe({ id: merchant.id }), {
    success: 'console.stripe.disconnected',
    failure: 'console.stripe.disconnect_failed',
    invalidate: ['merchants', 'payments'],
    onSuccess: () => setConfirm(false),
    onError: () => setConfirm(false),
  });
  const busy = connect.isPending || connect.isSuccess || disconnect.isPending;

  return (
    <Card component="section" aria-labelledby="stripe-title">
      <CardContent>
        <Typography id="stripe-title" variant="h6" component="h2" gutterBottom>
          {translate('console.stripe.title')}
        </Typography>
        <Box
          sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          data-testid="stripe-status"
        >
          <Chip
            size="small"
            variant="outlined"
            label={
              account
                ? translate('console.stripe.connected', { account })
                : translate('console.stripe.not_connected')
            }
          />
          {EXPLAIN[state] ? (
            <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
              {translate(EXPLAIN[state]!)}
            </Typography>
          ) : null}
        </Box>
        {publicAddress && state !== 'complete' ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="stripe-address-notice">
            {translate('console.stripe.other_address', {
              here: window.location.origin,
              public: publicAddress,
            })}{' '}
            <Link href={`${publicAddress}/admin/merchants/${encodeURIComponent(merchant.id)}`}>
              {translate('console.stripe.open_public', { public: publicAddress })}
            </Link>
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {state !== 'complete' ? (
            <Button variant="contained" disabled={busy} onClick={() => connect.mutate('onboarding')}>
              {translate(
                connect.variables === 'onboarding' && busy
                  ? 'console.stripe.connecting'
                  : account
                    ? 'console.stripe.continue'
                    : 'console.stripe.connect',
              )}
            </Button>
          ) : null}
          {!account ? (
            <Button variant="outlined" disabled={busy} onClick={() => connect.mutate('oauth')}>
              {translate(
                connect.variables === 'oauth' && busy
                  ? 'console.stripe.connecting'
                  : 'console.stripe.connect_existing',
              )}
            </Button>
          ) : null}
          {account ? (
            <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirm(true)}>
              {translate('console.stripe.disconnect')}
            </Button>
          ) : null}
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirm}
        title={translate('console.stripe.disconnect_title')}
        confirmLabel={translate('console.stripe.disconnect')}
        danger
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
        onClose={() => setConfirm(false)}
      >
        {translate('console.stripe.disconnect_text', { name: merchant.business_name })}
      </ConfirmDialog>
    </Card>
  );
}
