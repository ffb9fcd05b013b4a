/**
 * A merchant's direct accounting connection: connect or disconnect Xero or QuickBooks; the payment,
 * surcharge and credit accounts; the scopes the tool granted; and for Xero the Pay now link set-up.
 * Reads and changes go through the data provider (`getAccountingConnection`, `connectAccounting`,
 * `saveAccountingSettings`, `disconnectAccounting`).
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import { useAction, useDataQuery } from '../data/useAction.ts';
import type { AccountingConnection } from '../shared/accounting-types.ts';
import { AccountField } from './AccountField.tsx';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import type { Merchant } from '../shared/types.ts';
import { useMerchantSave } from './SettingsCard.tsx';
import { XeroPayNow } from './XeroPayNow.tsx';
import { isAdmin } from '../access.ts';

const TOOL_NAMES = { xero: 'Xero', quickbooks: 'QuickBooks' } as const;
type Provider = keyof typeof TOOL_NAMES;

/**
 * Whether ordinary pay links (the tool's invoice template, or typed) show the invoice itself — its
 * lines, due date and PDF — when their amount matches it. Signed pay links always do. Saved at once.
 */
function InvoiceDetailsSetting({ merchant, tool }: { merchant: Merchant; tool: string }) {
  const translate = useTranslate();
  const { busy, error, save } = useMerchantSave(merchant, 'console.accounting_connection.details_saved');
  const saved = merchant.invoice_details_on_links;
  const [on, setOn] = useState(saved);
  useEffect(() => setOn(saved), [saved, error]); // back to what is saved after a refusal, or a change elsewhere
  return (
    <Box sx={{ mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={busy}
            onChange={(e) => {
              setOn(e.target.checked);
              save({ invoice_details_on_links: e.target.checked });
            }}
          />
        }
        label={translate('console.accounting_connection.details_on_links', { tool })}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('console.accounting_connection.details_help')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}

export function AccountingPanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const { data, error, isPending } = useDataQuery(
    ['accounting-connection', merchant.id],
    (dp) => dp.getAccountingConnection({ id: merchant.id }),
    { retry: false },
  );
  const [paymentAccount, setPaymentAccount] = useState('');
  const [surchargeAccount, setSurchargeAccount] = useState('');
  const [creditAccount, setCreditAccount] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const connection = data && data.provider ? (data as AccountingConnection & { provider: Provider }) : null;
  const tool = connection ? TOOL_NAMES[connection.provider] : '';
  // The accounts to choose from, read from the tool once connected: once per organisation (saving
  // the settings, which refreshes the connection, does not ask the tool again).
  const choices = useDataQuery(
    ['account-choices', merchant.id, connection?.tenant_id ?? null],
    (dp) => dp.getAccountChoices({ id: merchant.id }),
    { retry: false, enabled: connection?.status === 'connected' },
  );
  const lists = choices.data ?? null;

  useEffect(() => {
    setPaymentAccount(connection?.payment_account_code ?? '');
    setSurchargeAccount(connection?.surcharge_account_code ?? '');
    setCreditAccount(connection?.credit_account_code ?? '');
  }, [connection?.payment_account_code, connection?.surcharge_account_code, connection?.credit_account_code]);

  // Refusals show in the card (the admin reads them next to the fields), successes as notifications.
  const showError = (fallback: string) => (err: Error) =>
    setMessage(serverMessage(err) ?? translate(fallback, { tool }));
  const connect = useAction((dp, provider: Provider) => dp.connectAccounting({ id: merchant.id, provider }), {
    failure: false,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) =>
      setMessage(serverMessage(err) ?? translate('console.accounting_connection.connect_failed')),
  });
  const save = useAction(
    (dp) =>
      dp.saveAccountingSettings({
        id: merchant.id,
        payment_account_code: paymentAccount.trim(),
        surcharge_account_code: surchargeAccount.trim() || null,
        credit_account_code: creditAccount.trim() || null,
      }),
    {
      success: 'console.accounting_connection.saved',
      failure: false,
      invalidate: ['accounting-connection'],
      onError: showError('console.accounting_connection.save_failed'),
    },
  );
  const disconnect = useAction((dp) => dp.disconnectAccounting({ id: merchant.id }), {
    success: () => translate('console.accounting_connection.disconnected', { tool }),
    failure: false,
    invalidate: ['accounting-connection'],
    onSuccess: () => setConfirm(false),
    onError: (err) => {
      setConfirm(false);
      showError('console.accounting_connection.disconnect_failed')(err);
    },
  });
  const busy = connect.isPending || save.isPending || disconnect.isPending;
  const run = (go: () => void) => {
    setMessage(null);
    go();
  };

  return (
    <Card component="section" aria-labelledby="accounting-title">
      <CardContent>
        <Typography id="accounting-title" variant="h6" component="h2" gutterBottom>
          {translate('console.accounting_connection.title')}
        </Typography>
        {message ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {message}
          </Alert>
        ) : null}
        {isPending ? (
          <Typography color="text.secondary">{translate('console.common.loading')}</Typography>
        ) : error && !connection ? (
          <Typography color="text.secondary">
            {translate('console.accounting_connection.load_failed', { detail: serverMessage(error) ?? '' })}
          </Typography>
        ) : connection ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Chip
                color={connection.status === 'connected' ? 'success' : 'warning'}
                label={`${tool}: ${connection.status}`}
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
            {choices.error ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {translate('console.accounting_connection.choices_failed', {
                  tool,
                  detail: serverMessage(choices.error) ?? '',
                })}
              </Alert>
            ) : null}
            <AccountField
              label={translate('console.accounting_connection.payment_account')}
              help={translate('console.accounting_connection.payment_account_help')}
              value={paymentAccount}
              onChange={setPaymentAccount}
              options={lists?.payment ?? null}
              optional={false}
              tool={tool}
            />
            <AccountField
              label={translate('console.accounting_connection.surcharge_account')}
              help={translate('console.accounting_connection.surcharge_account_help')}
              value={surchargeAccount}
              onChange={setSurchargeAccount}
              options={lists?.surcharge ?? null}
              optional
              tool={tool}
            />
            <AccountField
              label={translate(
                connection.provider === 'xero'
                  ? 'console.accounting_connection.credit_account'
                  : 'console.accounting_connection.credit_item',
              )}
              help={translate('console.accounting_connection.credit_account_help')}
              value={creditAccount}
              onChange={setCreditAccount}
              options={lists?.credit ?? null}
              optional
              tool={tool}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="granted-scopes">
              {connection.granted_scopes
                ? translate('console.accounting_connection.scopes', {
                    scopes: connection.granted_scopes.join(' '),
                  })
                : translate('console.accounting_connection.scopes_unknown')}
            </Typography>
            {connection.provider === 'xero' &&
            connection.granted_scopes?.includes('accounting.transactions') ? (
              <Typography variant="body2" color="text.secondary">
                {translate('console.accounting_connection.broad_scope')}
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button variant="contained" onClick={() => run(() => save.mutate())} disabled={busy}>
                {translate(save.isPending ? 'console.common.saving' : 'console.accounting_connection.save')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirm(true)} disabled={busy}>
                {translate('console.accounting_connection.disconnect')}
              </Button>
            </Box>
            <InvoiceDetailsSetting merchant={merchant} tool={tool} />
            {connection.provider === 'xero' && connection.status === 'connected' ? (
              <XeroPayNow merchantId={merchant.id} />
            ) : null}
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {translate('console.accounting_connection.not_connected')}
            </Typography>

            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {(['xero', 'quickbooks'] as const).map((provider) => (
                <Button
                  key={provider}
                  variant={provider === 'xero' ? 'contained' : 'outlined'}
                  onClick={() => run(() => connect.mutate(provider))}
                  disabled={busy || data?.available?.[provider] === false}
                >
                  {translate('console.accounting_connection.connect', { tool: TOOL_NAMES[provider] })}
                </Button>
              ))}
            </Box>
            {(['xero', 'quickbooks'] as const)
              .filter((provider) => data?.available?.[provider] === false)
              .map((provider) => (
                <Typography key={provider} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {translate(
                    isAdmin()
                      ? 'console.accounting_connection.unavailable_admin'
                      : 'console.accounting_connection.unavailable_member',
                    { tool: TOOL_NAMES[provider], setting: provider.toUpperCase() },
                  )}
                </Typography>
              ))}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm}
        title={translate('console.accounting_connection.disconnect_title')}
        confirmLabel={translate('console.accounting_connection.disconnect')}
        danger
        busy={disconnect.isPending}
        onConfirm={() => run(() => disconnect.mutate())}
        onClose={() => setConfirm(false)}
      >
        {translate('console.accounting_connection.disconnect_text', {
          tool: tool || translate('console.accounting_connection.the_tool'),
        })}
      </ConfirmDialog>
    </Card>
  );
}
