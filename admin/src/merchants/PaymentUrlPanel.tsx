/** The accounting payment URL (DESIGN §4a template) with Copy: 'Copied!' for 3 s and a 'URL copied' toast for 2 s. */
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../shared/clipboard.ts';
import type { Merchant } from '../shared/types.ts';

export const COPIED_INDICATOR_MS = 3000;
export const COPY_TOAST_MS = 2000;

export function PaymentUrlPanel({ merchant }: { merchant: Merchant }) {
  const notify = useNotify();
  const translate = useTranslate();
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
      notify('console.payment_url.copied_toast', { type: 'success', autoHideDuration: COPY_TOAST_MS });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    } catch {
      notify('console.payment_url.copy_failed', { type: 'error' });
    }
  }

  return (
    <Card component="section" aria-labelledby="payment-url-title">
      <CardContent>
        <Typography id="payment-url-title" variant="h6" component="h2" gutterBottom>
          {translate('console.payment_url.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.payment_url.intro')}
        </Typography>
        <Box
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <TextField
            label={translate('console.payment_url.label')}
            value={merchant.payment_url}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'payment-url' } }}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="contained" onClick={copy} sx={{ minWidth: 100 }} aria-live="polite">
            {translate(copied ? 'console.payment_url.copied' : 'console.payment_url.copy')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
