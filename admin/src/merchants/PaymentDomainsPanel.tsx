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
import { useNotify } from 'react-admin';
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

const COLORS = { active: 'success', pending: 'default', inactive: 'warning', failed: 'error' } as const;

export function PaymentDomainsPanel({ merchant }: { merchant: Merchant }) {
  const notify = useNotify();
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
      setError(err instanceof ApiError ? err.message : 'Please try again.');
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function add() {
    const ok = await run(
      'add',
      () => apiFetch(base, { method: 'POST', body: { domain: domain.trim() } }),
      'Domain registered for wallets',
    );
    if (ok) setDomain('');
  }

  return (
    <Card component="section" aria-labelledby="wallet-domains-title">
      <CardContent>
        <Typography id="wallet-domains-title" variant="h6" component="h2" gutterBottom>
          Wallet domains
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Apple Pay and Google Pay show only on pages whose domain is registered on this merchant&apos;s
          Stripe account. Add each site where the merchant embeds the payment widget.
        </Typography>
        {!connected && (
          <Alert severity="info">Connect Stripe first: domains are registered on its account.</Alert>
        )}
        {domains.isError && (
          <Alert severity="error">Failed to load the wallet domains. Please try again.</Alert>
        )}
        {domains.data && domains.data.length > 0 && (
          <Table size="small" aria-label="Wallet domains">
            <TableHead>
              <TableRow>
                <TableCell>Domain</TableCell>
                <TableCell>Status</TableCell>
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
                        payment page
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" color={COLORS[d.status]} label={d.status} />
                    <Typography variant="caption" sx={{ display: 'block' }}>
                      Apple Pay {d.apple_pay} · Google Pay {d.google_pay}
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
                          'Checked again',
                        )
                      }
                    >
                      Check again
                    </Button>
                    {d.source === 'merchant' && (
                      <Button
                        size="small"
                        color="error"
                        disabled={busy !== null}
                        aria-label={`Remove ${d.domain}`}
                        onClick={() =>
                          void run(
                            d.id,
                            () => apiFetch(`${base}/${d.id}`, { method: 'DELETE' }),
                            'Domain removed',
                          )
                        }
                      >
                        Remove
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
            label="Merchant site domain"
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
            Add
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
