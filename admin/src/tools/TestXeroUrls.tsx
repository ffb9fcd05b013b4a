/**
 * /admin/test-xero-urls (spec): invoice number (a random INV- number), amount (100.00), currency
 * (AUD, USD, NZD, GBP, EUR); the 5 newest merchants with /pay/{merchantId}?invoiceno=…&currency=…&amount=…,
 * each with Copy and Test; a link to all merchants.
 */
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { copyText } from '../shared/clipboard.ts';
import type { Merchant } from '../shared/types.ts';

export const TEST_CURRENCIES = ['AUD', 'USD', 'NZD', 'GBP', 'EUR'] as const;
export const TEST_MERCHANTS = 5;

export function randomInvoiceNumber(): string {
  return `INV-${Math.floor(10000 + Math.random() * 90000)}`;
}

export function testPayUrl(
  origin: string,
  merchantId: string,
  invoice: string,
  currency: string,
  amount: string,
): string {
  return `${origin}/pay/${merchantId}?${new URLSearchParams({ invoiceno: invoice, currency, amount })}`;
}

export function TestXeroUrls() {
  const notify = useNotify();
  const [invoice, setInvoice] = useState(randomInvoiceNumber);
  const [amount, setAmount] = useState('100.00');
  const [currency, setCurrency] = useState<string>('AUD');
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const { data, isPending, error } = useGetList<Merchant>('merchants', {
    pagination: { page: 1, perPage: TEST_MERCHANTS },
    sort: { field: 'created_at', order: 'DESC' },
  });

  async function copy(id: string, url: string) {
    try {
      await copyText(url);
      setCopiedId(id);
      notify('URL copied', { type: 'success', autoHideDuration: 2000 });
      setTimeout(() => setCopiedId((c) => (c === id ? null : c)), 3000);
    } catch {
      notify('Failed to copy link', { type: 'error' });
    }
  }

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Card component="section" aria-labelledby="test-params-title">
        <CardContent>
          <Typography id="test-params-title" variant="h6" component="h2" gutterBottom>
            Test invoice
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label="Invoice Number"
              value={invoice}
              onChange={(e) => setInvoice(e.target.value)}
              size="small"
            />
            <TextField
              label="Amount"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              select
              label="Currency"
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
              size="small"
              sx={{ minWidth: 120 }}
            >
              {TEST_CURRENCIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <Button onClick={() => setInvoice(randomInvoiceNumber())}>New invoice number</Button>
          </Box>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="test-urls-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography id="test-urls-title" variant="h6" component="h2">
              Payment links (5 newest merchants)
            </Typography>
            <Button component={Link} to="/merchants" size="small">
              View all merchants
            </Button>
          </Box>
          {error ? <Alert severity="error">Failed to load merchants. Please try again.</Alert> : null}
          {isPending ? <Typography color="text.secondary">Loading…</Typography> : null}
          {!isPending && !error && !data?.length ? (
            <Typography color="text.secondary">No merchants yet. Add one on the Merchants page.</Typography>
          ) : null}
          {data?.map((m) => {
            const url = testPayUrl(window.location.origin, m.id, invoice.trim(), currency, amount);
            return (
              <Box
                key={m.id}
                component="article"
                aria-label={m.business_name}
                sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
              >
                <Typography variant="subtitle1" component="h3">
                  {m.business_name}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <code data-testid="test-url" style={{ wordBreak: 'break-all', flex: 1, minWidth: 240 }}>
                    {url}
                  </code>
                  <Button size="small" variant="outlined" onClick={() => copy(m.id, url)}>
                    {copiedId === m.id ? 'Copied!' : 'Copy'}
                  </Button>
                  <Button size="small" variant="contained" href={url} target="_blank" rel="noopener">
                    Test
                  </Button>
                </Box>
              </Box>
            );
          })}
        </CardContent>
      </Card>
    </Box>
  );
}
