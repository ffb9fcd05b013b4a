/**
 * /admin/test-xero-urls (spec): invoice number (a random INV- number), amount (100.00), currency
 * (AUD, USD, NZD, GBP, EUR); the 5 newest merchants with /pay/{merchantId}?invoiceno=…&currency=…&amount=…,
 * each with Copy and Test; a link to all merchants.
 */
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { copyText } from '../shared/clipboard.ts';
import type { Merchant } from '../shared/types.ts';
import {
  randomInvoiceNumber,
  TEST_CURRENCIES,
  TEST_MERCHANTS,
  testPayUrl,
  testUrlProblems,
} from './test-urls.ts';

export function TestXeroUrls() {
  const notify = useNotify();
  const translate = useTranslate();
  const [invoice, setInvoice] = useState(randomInvoiceNumber);
  const [amount, setAmount] = useState('100.00');
  const [currency, setCurrency] = useState<string>('AUD');
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const problems = testUrlProblems(invoice, amount);
  const { data, isPending, error } = useGetList<Merchant>('merchants', {
    pagination: { page: 1, perPage: TEST_MERCHANTS },
    sort: { field: 'created_at', order: 'DESC' },
  });

  async function copy(id: string, url: string) {
    try {
      await copyText(url);
      setCopiedId(id);
      notify('console.test_urls.copied', { type: 'success', autoHideDuration: 2000 });
      setTimeout(() => setCopiedId((c) => (c === id ? null : c)), 3000);
    } catch {
      notify('console.test_urls.copy_failed', { type: 'error' });
    }
  }

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Card component="section" aria-labelledby="test-params-title">
        <CardContent>
          <Typography id="test-params-title" variant="h6" component="h2" gutterBottom>
            {translate('console.test_urls.params')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label={translate('console.test_urls.invoice')}
              value={invoice}
              onChange={(e) => setInvoice(e.target.value)}
              size="small"
              required
              error={Boolean(problems.invoice)}
              helperText={problems.invoice ? translate(problems.invoice) : undefined}
            />
            <TextField
              label={translate('console.test_urls.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={problems.blocking && Boolean(problems.amount)}
              helperText={problems.amount ? translate(problems.amount) : undefined}
              sx={{ maxWidth: 320 }}
            />
            <TextField
              select
              label={translate('console.test_urls.currency')}
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
            <Button onClick={() => setInvoice(randomInvoiceNumber())}>
              {translate('console.test_urls.new_invoice')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="test-urls-title">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography id="test-urls-title" variant="h6" component="h2">
              {translate('console.test_urls.links', { count: TEST_MERCHANTS })}
            </Typography>
            <Button component={Link} to="/merchants" size="small">
              {translate('console.test_urls.all_merchants')}
            </Button>
          </Box>
          {error ? <Alert severity="error">{translate('console.test_urls.load_failed')}</Alert> : null}
          {isPending ? (
            <Typography color="text.secondary">{translate('console.common.loading')}</Typography>
          ) : null}
          {!isPending && !error && !data?.length ? (
            <Typography color="text.secondary">{translate('console.test_urls.no_merchants')}</Typography>
          ) : null}
          {problems.blocking && data?.length ? (
            <Alert severity="warning" sx={{ my: 1 }}>
              {translate('console.test_urls.fix_params')}
            </Alert>
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
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={problems.blocking}
                    onClick={() => copy(m.id, url)}
                  >
                    {translate(
                      copiedId === m.id ? 'console.test_urls.copied_button' : 'console.test_urls.copy',
                    )}
                  </Button>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={problems.blocking}
                    href={url}
                    target="_blank"
                    rel="noopener"
                  >
                    {translate('console.test_urls.test')}
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
