/**
 * A merchant's direct accounting connection: connect or disconnect Xero or QuickBooks; the payment,
 * surcharge and credit accounts; the scopes the tool granted; and for Xero the Pay now link set-up.
 */
import { Alert, Box, Button, Card, CardContent, Chip, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../api.ts';
import { accountingApi, type AccountingConnection } from '../shared/accountingApi.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { useApi } from '../shared/useApi.ts';
import type { Merchant } from '../shared/types.ts';
import { XeroPayNow } from './XeroPayNow.tsx';

const NAMES = { xero: 'Xero', quickbooks: 'QuickBooks' } as const;

export function AccountingPanel({ merchant }: { merchant: Merchant }) {
  const notify = useNotify();
  const { data, error, isPending, refetch } = useApi<AccountingConnection>(
    accountingApi.connectionPath(merchant.id),
    { retry: false },
  );
  const [paymentAccount, setPaymentAccount] = useState('');
  const [surchargeAccount, setSurchargeAccount] = useState('');
  const [creditAccount, setCreditAccount] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const connection =
    data && data.provider ? (data as AccountingConnection & { provider: 'xero' | 'quickbooks' }) : null;
  const unavailable = Boolean(error);

  useEffect(() => {
    setPaymentAccount(connection?.payment_account_code ?? '');
    setSurchargeAccount(connection?.surcharge_account_code ?? '');
    setCreditAccount(connection?.credit_account_code ?? '');
  }, [connection?.payment_account_code, connection?.surcharge_account_code, connection?.credit_account_code]);

  async function connect(provider: 'xero' | 'quickbooks') {
    setBusy(true);
    setMessage(null);
    try {
      const { url } = await accountingApi.connect(merchant.id, provider);
      window.location.assign(url);
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : `Failed to connect to ${NAMES[provider]}`);
      setBusy(false);
    }
  }

  async function saveAccounts() {
    setBusy(true);
    setMessage(null);
    try {
      await accountingApi.saveAccounts(merchant.id, {
        payment_account_code: paymentAccount.trim(),
        surcharge_account_code: surchargeAccount.trim() || null,
        credit_account_code: creditAccount.trim() || null,
      });
      notify('Accounting settings saved', { type: 'success' });
      await refetch();
    } catch (err) {
      setMessage(
        err instanceof ApiError ? err.message : 'Failed to save accounting settings. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      await accountingApi.disconnect(merchant.id);
      notify(`${NAMES[connection!.provider]} disconnected`, { type: 'success' });
      await refetch();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : 'Failed to disconnect. Please try again.');
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  }

  return (
    <Card component="section" aria-labelledby="accounting-title">
      <CardContent>
        <Typography id="accounting-title" variant="h6" component="h2" gutterBottom>
          Accounting Connection
        </Typography>
        {message ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {message}
          </Alert>
        ) : null}
        {isPending ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : unavailable && !connection ? (
          <Typography color="text.secondary">
            The accounting connection could not be loaded. {error?.message}
          </Typography>
        ) : connection ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Chip
                color={connection.status === 'connected' ? 'success' : 'warning'}
                label={`${NAMES[connection.provider]}: ${connection.status}`}
              />
              {connection.tenant_name ? (
                <Typography variant="body2">{connection.tenant_name}</Typography>
              ) : null}
            </Box>
            {connection.last_error ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {connection.last_error}
              </Alert>
            ) : null}
            <TextField
              label="Payment account code"
              value={paymentAccount}
              onChange={(e) => setPaymentAccount(e.target.value)}
              size="small"
              margin="dense"
              fullWidth
              helperText="The account invoice payments are recorded to"
            />
            <TextField
              label="Surcharge account code"
              value={surchargeAccount}
              onChange={(e) => setSurchargeAccount(e.target.value)}
              size="small"
              margin="dense"
              fullWidth
              helperText="The account surcharges are recorded to"
            />
            <TextField
              label={connection.provider === 'xero' ? 'Credit account code' : 'Credit product/service ID'}
              value={creditAccount}
              onChange={(e) => setCreditAccount(e.target.value)}
              size="small"
              margin="dense"
              fullWidth
              helperText="Where credit notes for credit refunds and write-offs are booked (usually sales)"
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="granted-scopes">
              {connection.granted_scopes
                ? `Granted scopes: ${connection.granted_scopes.join(' ')}`
                : 'Granted scopes: not recorded yet (connected before they were kept; shown after the next token refresh).'}
            </Typography>
            {connection.provider === 'xero' &&
            connection.granted_scopes?.includes('accounting.transactions') ? (
              <Typography variant="body2" color="text.secondary">
                This connection uses Xero’s broad accounting.transactions scope (apps created before March
                2026); it keeps working.
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button variant="contained" onClick={saveAccounts} disabled={busy}>
                Save accounts
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirm(true)} disabled={busy}>
                Disconnect
              </Button>
            </Box>
            {connection.provider === 'xero' && connection.status === 'connected' ? (
              <XeroPayNow merchantId={merchant.id} />
            ) : null}
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              Not connected. Payments are synced through the automation webhook, or marked by hand.
            </Typography>
            {data?.available && !data.available.xero && !data.available.quickbooks ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Set XERO_CLIENT_ID/SECRET or QUICKBOOKS_CLIENT_ID/SECRET on the server to enable direct
                connections.
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                onClick={() => connect('xero')}
                disabled={busy || data?.available?.xero === false}
              >
                Connect Xero
              </Button>
              <Button
                variant="outlined"
                onClick={() => connect('quickbooks')}
                disabled={busy || data?.available?.quickbooks === false}
              >
                Connect QuickBooks
              </Button>
            </Box>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm}
        title="Disconnect accounting?"
        confirmLabel="Disconnect"
        danger
        busy={busy}
        onConfirm={disconnect}
        onClose={() => setConfirm(false)}
      >
        Payments will no longer be recorded in{' '}
        {connection ? NAMES[connection.provider] : 'the accounting tool'} automatically.
      </ConfirmDialog>
    </Card>
  );
}
