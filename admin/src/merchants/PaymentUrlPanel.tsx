/** The accounting payment URL (DESIGN §4a template) with Copy: 'Copied!' for 3 s and a 'URL copied' toast for 2 s. */
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { copyText } from '../shared/clipboard.ts';
import type { Merchant } from '../shared/types.ts';

export const COPIED_INDICATOR_MS = 3000;
export const COPY_TOAST_MS = 2000;

export function PaymentUrlPanel({ merchant }: { merchant: Merchant }) {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await copyText(merchant.payment_url);
      setCopied(true);
      notify('URL copied', { type: 'success', autoHideDuration: COPY_TOAST_MS });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } catch {
      notify('Failed to copy link', { type: 'error' });
    }
  }

  return (
    <Card component="section" aria-labelledby="payment-url-title">
      <CardContent>
        <Typography id="payment-url-title" variant="h6" component="h2" gutterBottom>
          Accounting Payment URL
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Paste this into Xero (or QuickBooks) as the invoice payment link. The bracketed placeholders are
          filled in by the accounting tool.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label="Payment URL"
            value={merchant.payment_url}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'payment-url' } }}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="contained" onClick={copy} sx={{ minWidth: 100 }} aria-live="polite">
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
