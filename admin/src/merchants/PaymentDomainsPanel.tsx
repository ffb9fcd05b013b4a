/**
 * Wallet domains (Stripe Payment Method Domains): Apple Pay and Google Pay appear in the Payment
 * Element only on pages whose domain is registered on the merchant's connected account. The pay
 * page's own domain is registered when the merchant is onboarded; here an admin adds the merchant's
 * own sites (where they embed the widget), sees each one's Apple Pay / Google Pay status with the
 * provider's reason when it is not active, checks one again, or stops tracking it.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import { useAction, useDataQuery } from '../data/useAction.ts';
import type { Merchant } from '../shared/types.ts';
import { HeadRow, hidden } from '../shared/HeadRow.tsx';

const STATUS_TEXT = {
  active: 'console.wallet_domains.state.active',
  pending: 'console.wallet_domains.state.pending',
  inactive: 'console.wallet_domains.state.inactive',
  failed: 'console.wallet_domains.state.failed',
} as const;

const COLORS = { active: 'success', pending: 'default', inactive: 'warning', failed: 'error' } as const;

type DomainAction = { kind: 'add'; domain: string } | { kind: 'refresh' | 'remove'; domainId: string };

const DONE = {
  add: 'console.wallet_domains.added',
  refresh: 'console.wallet_domains.checked',
  remove: 'console.wallet_domains.removed',
} as const;

export function PaymentDomainsPanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const key = ['payment-domains', merchant.id];
  const domains = useDataQuery(key, (dp) => dp.getPaymentDomains({ id: merchant.id }), { retry: false });
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const connected = Boolean(merchant.stripe_account_id);
  // The reason a change was refused shows under the field (e.g. an invalid domain), not as a toast.
  const change = useAction(
    (dp, action: DomainAction) =>
      action.kind === 'add'
        ? dp.addPaymentDomain({ id: merchant.id, domain: action.domain })
        : action.kind === 'refresh'
          ? dp.refreshPaymentDomain({ id: merchant.id, domainId: action.domainId })
          : dp.removePaymentDomain({ id: merchant.id, domainId: action.domainId }),
    {
      success: (_result, action) => DONE[action.kind],
      failure: false,
      invalidate: ['payment-domains'],
      onSuccess: (_result, action) => {
        if (action.kind === 'add') setDomain('');
      },
      onError: (err) => setError(serverMessage(err) ?? translate('console.wallet_domains.try_again')),
    },
  );
  const busy = change.isPending;

  function run(action: DomainAction) {
    setError(null);
    change.mutate(action);
  }

  return (
    <Card component="section" aria-labelledby="wallet-domains-title">
      <CardContent>
        <Typography id="wallet-domains-title" variant="h6" component="h2" gutterBottom>
          {translate('console.wallet_domains.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.wallet_domains.intro')}
        </Typography>
        {!connected && <Alert severity="info">{translate('console.wallet_domains.connect_first')}</Alert>}
        {domains.isError && <Alert severity="error">{translate('console.wallet_domains.load_failed')}</Alert>}
        {domains.data && domains.data.length > 0 && (
          <Table size="small" aria-label={translate('console.wallet_domains.table')}>
            <HeadRow
              columns={[
                'console.wallet_domains.domain',
                'console.wallet_domains.status',
                hidden('console.common.actions'),
              ]}
            />
            <TableBody>
              {domains.data.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    {d.domain}
                    {d.source === 'platform' && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {translate('console.wallet_domains.payment_page')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={COLORS[d.status]} label={translate(STATUS_TEXT[d.status])} />
                    <Typography variant="caption" sx={{ display: 'block' }}>
                      {translate('console.wallet_domains.wallets', {
                        apple: d.apple_pay,
                        google: d.google_pay,
                      })}
                    </Typography>
                    {d.detail && (
                      <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                        {d.detail}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => run({ kind: 'refresh', domainId: d.id })}
                    >
                      {translate('console.wallet_domains.check')}
                    </Button>
                    {d.source === 'merchant' && (
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        aria-label={translate('console.wallet_domains.remove_label', { domain: d.domain })}
                        onClick={() => run({ kind: 'remove', domainId: d.id })}
                      >
                        {translate('console.wallet_domains.remove')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            run({ kind: 'add', domain: domain.trim() });
          }}
        >
          <TextField
            label={translate('console.wallet_domains.field')}
            placeholder="shop.supplier.com.au"
            size="small"
            fullWidth
            value={domain}
            disabled={!connected}
            error={Boolean(error)}
            helperText={error ?? ' '}
            onChange={(e) => {
              setDomain(e.target.value);
              setError(null);
            }}
          />
          <Button type="submit" variant="contained" disabled={!connected || !domain.trim() || busy}>
            {translate('console.wallet_domains.add')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
