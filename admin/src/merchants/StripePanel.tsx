/**
 * Card provider connection: the connected badge with the account id, or 'Not connected to Stripe';
 * Connect by onboarding (Stripe Account Links; the sandbox shows its local consent page) or OAuth
 * (an existing Standard account); Disconnect after confirmation. The provider returns to the site's
 * /connect/callback, which completes the connection.
 */
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { apiFetch } from '../api.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import type { Merchant } from '../shared/types.ts';

export const CONNECT_FAILED = 'Failed to connect to Stripe';
export const DISCONNECT_FAILED = 'Failed to disconnect Stripe account';
export const DISCONNECTED = 'Stripe account disconnected successfully';

export function StripePanel({ merchant, onChanged }: { merchant: Merchant; onChanged(): void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState<null | 'onboarding' | 'oauth' | 'disconnect'>(null);
  const [confirm, setConfirm] = useState(false);
  const account = merchant.stripe_account_id;

  async function connect(mode: 'onboarding' | 'oauth') {
    setBusy(mode);
    try {
      const { url } = await apiFetch<{ url: string }>('/api/admin/stripe-connect-url', {
        method: 'POST',
        body: { merchantId: merchant.id, redirectUri: `${window.location.origin}/connect/callback`, mode },
      });
      window.location.assign(url);
    } catch (err) {
      notify(CONNECT_FAILED, { type: 'error' });
      setBusy(null);
      void err;
    }
  }

  async function disconnect() {
    setBusy('disconnect');
    try {
      await apiFetch(`/api/admin/merchants/${merchant.id}/disconnect-stripe`, { method: 'POST' });
      notify(DISCONNECTED, { type: 'success' });
      onChanged();
    } catch {
      notify(DISCONNECT_FAILED, { type: 'error' });
    } finally {
      setBusy(null);
      setConfirm(false);
    }
  }

  return (
    <Card component="section" aria-labelledby="stripe-title">
      <CardContent>
        <Typography id="stripe-title" variant="h6" component="h2" gutterBottom>
          Stripe Connect
        </Typography>
        <Box
          sx={{ mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
          data-testid="stripe-status"
        >
          {account ? (
            <>
              <Chip
                color={merchant.stripe_onboarding_complete ? 'success' : 'warning'}
                label={`Connected: ${account}`}
              />
              {!merchant.stripe_onboarding_complete ? (
                <Typography variant="body2" color="text.secondary">
                  Onboarding incomplete
                  {merchant.stripe_connect_status
                    ? ` (${merchant.stripe_connect_status.replace(/_/g, ' ')})`
                    : ''}
                  : payments open once Stripe enables charges.
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Charges enabled
                </Typography>
              )}
            </>
          ) : (
            <Chip variant="outlined" label="Not connected to Stripe" />
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {!merchant.stripe_onboarding_complete ? (
            <Button variant="contained" disabled={busy !== null} onClick={() => connect('onboarding')}>
              {busy === 'onboarding'
                ? 'Connecting...'
                : account
                  ? 'Continue Stripe onboarding'
                  : 'Connect with Stripe'}
            </Button>
          ) : null}
          {!account ? (
            <Button variant="outlined" disabled={busy !== null} onClick={() => connect('oauth')}>
              {busy === 'oauth' ? 'Connecting...' : 'Connect existing Stripe account'}
            </Button>
          ) : null}
          {account ? (
            <Button
              variant="outlined"
              color="error"
              disabled={busy !== null}
              onClick={() => setConfirm(true)}
            >
              Disconnect
            </Button>
          ) : null}
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirm}
        title="Disconnect Stripe account?"
        confirmLabel="Disconnect"
        danger
        busy={busy === 'disconnect'}
        onConfirm={disconnect}
        onClose={() => setConfirm(false)}
      >
        {merchant.business_name} will not be able to take payments until a Stripe account is connected again.
      </ConfirmDialog>
    </Card>
  );
}
