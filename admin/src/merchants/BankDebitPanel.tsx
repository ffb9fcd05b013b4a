/**
 * The merchant's AU BECS Direct Debit settings (issue 17): on/off (AUD invoices of Australian
 * merchants only), an optional minimum invoice amount for offering it, and its own surcharge — a
 * percentage with an optional cap in dollars (e.g. 1 % capped at A$3.50), or none. Amounts are
 * typed in dollars and sent in cents; the percentage is sent as typed (the API parses it exactly).
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import type { Merchant } from '../shared/types.ts';

type BankDebitMerchant = Merchant & {
  becs_enabled?: boolean;
  becs_minimum_amount?: number | null;
  becs_surcharge_percentage?: number;
  becs_surcharge_cap?: number | null;
};

const dollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
/** '3.50' → 350; '' → null; anything else → undefined (invalid). */
function cents(text: string): number | null | undefined {
  const t = text.trim().replace(/,/g, '');
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export function BankDebitPanel({ merchant }: { merchant: Merchant }) {
  const m = merchant as BankDebitMerchant;
  const notify = useNotify();
  const translate = useTranslate();
  const [update, { isPending: busy }] = useUpdate();
  const [enabled, setEnabled] = useState(!!m.becs_enabled);
  const [minimum, setMinimum] = useState(dollars(m.becs_minimum_amount));
  const [percentage, setPercentage] = useState(String(m.becs_surcharge_percentage ?? 0));
  const [cap, setCap] = useState(dollars(m.becs_surcharge_cap));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setEnabled(!!m.becs_enabled);
    setMinimum(dollars(m.becs_minimum_amount));
    setPercentage(String(m.becs_surcharge_percentage ?? 0));
    setCap(dollars(m.becs_surcharge_cap));
  }, [m]);

  function save() {
    setError(null);
    const min = cents(minimum);
    const capCents = cents(cap);
    const pct = percentage.trim() || '0';
    if (min === undefined || capCents === undefined)
      return setError(translate('console.bank_debit.amount_invalid'));
    if (min === 0) return setError(translate('console.bank_debit.minimum_zero'));
    if (!/^\d+(\.\d{1,2})?$/.test(pct) || Number(pct) > 5)
      return setError(translate('console.bank_debit.percentage_invalid'));
    void update(
      'merchants',
      {
        id: merchant.id,
        previousData: merchant,
        data: {
          becs_enabled: enabled,
          becs_minimum_amount: min,
          becs_surcharge_percentage: pct,
          becs_surcharge_cap: capCents,
        },
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(translate('console.bank_debit.saved'), { type: 'success' }),
        onError: (err) => setError(serverMessage(err) ?? translate('console.merchants.update_failed')),
      },
    );
  }

  return (
    <Card component="section" aria-labelledby="bank-debit-title">
      <CardContent>
        <Typography id="bank-debit-title" variant="h6" component="h2" gutterBottom>
          {translate('console.bank_debit.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.bank_debit.help')}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Alert>
        ) : null}
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
          label={translate('console.bank_debit.enabled')}
        />
        <TextField
          label={translate('console.bank_debit.minimum')}
          value={minimum}
          onChange={(e) => setMinimum(e.target.value)}
          size="small"
          sx={{ display: 'block', my: 1 }}
          disabled={!enabled}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          helperText={translate('console.bank_debit.minimum_help')}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
          <TextField
            label={translate('console.bank_debit.percentage')}
            value={percentage}
            onChange={(e) => setPercentage(e.target.value)}
            size="small"
            disabled={!enabled}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            helperText={translate('console.bank_debit.percentage_help')}
          />
          <TextField
            label={translate('console.bank_debit.cap')}
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            size="small"
            disabled={!enabled}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            helperText={translate('console.bank_debit.cap_help')}
          />
        </Box>
        <Button variant="contained" onClick={save} disabled={busy}>
          {busy ? translate('console.common.saving') : translate('console.bank_debit.save')}
        </Button>
      </CardContent>
    </Card>
  );
}
