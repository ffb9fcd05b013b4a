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
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError, apiFetch } from '../api.ts';
import { useApi } from '../shared/useApi.ts';
import type { Merchant } from '../shared/types.ts';

export interface PaymentDomain {
  id: string;
  domain: string;
  source: 'platform' | 'merchant';
  status: 'pending' | 'active' | 'inactive' | 'failed';
  apple_pay: string;
  google_pay: string;
  detail: string | null;
}

const STATUS_TEXT = {
  active: 'console.wallet_domains.state.active',
  pending: 'console.wallet_domains.state.pending',
  inactive: 'console.wallet_domains.state.inactive',
  failed: 'console.wallet_domains.state.failed',
} as const;

const COLORS = { active: 'success', pending: 'default', inactive: 'warning', failed: 'error' } as const;

export function PaymentDomainsPanel({ merchant }: { merchant: Merchant }) {
  const notify = useNotify();
  const translate = useTranslate();
  const base = `/api/admin/merchants/${merchant.id}/payment-domains`;
  const domains = useApi<PaymentDomain[]>(base, { retry: false });
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const connected = Boolean(merchant.stripe_account_id);

  async function run(key: string, fn: () => Promise<unknown>, done: string) {
    setBusy(key);
    setError(null);
    try {
      await fn();
      notify(done, { type: 'success' });
      await domains.refetch();
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : translate('console.wallet_domains.try_again'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function add() {
    const ok = await run(
      'add',
      () => apiFetch(base, { method: 'POST', body: { domain: domain.trim() } }),
      translate('console.wallet_domains.added'),
    );
    if (ok) setDomain('');
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
            <TableHead>
              <TableRow>
                <TableCell>{translate('console.wallet_domains.domain')}</TableCell>
                <TableCell>{translate('console.wallet_domains.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
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
                      disabled={busy !== null}
                      onClick={() =>
                        void run(
                          d.id,
                          () => apiFetch(`${base}/${d.id}/refresh`, { method: 'POST' }),
                          translate('console.wallet_domains.checked'),
                        )
                      }
                    >
                      {translate('console.wallet_domains.check')}
                    </Button>
                    {d.source === 'merchant' && (
                      <Button
                        size="small"
                        color="error"
                        disabled={busy !== null}
                        aria-label={translate('console.wallet_domains.remove_label', { domain: d.domain })}
                        onClick={() =>
                          void run(
                            d.id,
                            () => apiFetch(`${base}/${d.id}`, { method: 'DELETE' }),
                            translate('console.wallet_domains.removed'),
                          )
                        }
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
            void add();
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
          <Button type="submit" variant="contained" disabled={!connected || !domain.trim() || busy !== null}>
            {translate('console.wallet_domains.add')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
