/**
 * The merchant's AU BECS Direct Debit settings: on/off (AUD invoices of Australian
 * merchants only), an optional minimum invoice amount for offering it, and its own surcharge — a
 * percentage with an optional cap in dollars (e.g. 1 % capped at A$3.50), or none. Amounts are
 * typed in dollars and sent in cents; the percentage is sent as typed (the API parses it exactly).
 */
import { Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Merchant } from '../shared/types.ts';
import { cents, DecimalField, dollars, SettingsCard, useMerchantSave } from './SettingsCard.tsx';

export function BankDebitPanel({ merchant: m }: { merchant: Merchant }) {
  const translate = useTranslate();
  const { busy, error, setError, save: saveMerchant } = useMerchantSave(m, 'console.bank_debit.saved');
  const [enabled, setEnabled] = useState(m.becs_enabled);
  const [minimum, setMinimum] = useState(dollars(m.becs_minimum_amount));
  const [percentage, setPercentage] = useState(String(m.becs_surcharge_percentage));
  const [cap, setCap] = useState(dollars(m.becs_surcharge_cap));

  useEffect(() => {
    setEnabled(m.becs_enabled);
    setMinimum(dollars(m.becs_minimum_amount));
    setPercentage(String(m.becs_surcharge_percentage));
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
    saveMerchant({
      becs_enabled: enabled,
      becs_minimum_amount: min,
      becs_surcharge_percentage: pct,
      becs_surcharge_cap: capCents,
    });
  }

  return (
    <SettingsCard
      titleId="bank-debit-title"
      title={translate('console.bank_debit.title')}
      help={translate('console.bank_debit.help')}
      error={error}
      enabled={enabled}
      onEnabled={setEnabled}
      enabledLabel={translate('console.bank_debit.enabled')}
    >
      <DecimalField
        label={translate('console.bank_debit.minimum')}
        value={minimum}
        onChange={(e) => setMinimum(e.target.value)}
        sx={{ display: 'block', my: 1 }}
        disabled={!enabled}
        helperText={translate('console.bank_debit.minimum_help')}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
        <DecimalField
          label={translate('console.bank_debit.percentage')}
          value={percentage}
          onChange={(e) => setPercentage(e.target.value)}
          disabled={!enabled}
          helperText={translate('console.bank_debit.percentage_help')}
        />
        <DecimalField
          label={translate('console.bank_debit.cap')}
          value={cap}
          onChange={(e) => setCap(e.target.value)}
          disabled={!enabled}
          helperText={translate('console.bank_debit.cap_help')}
        />
      </Box>
      <Button variant="contained" onClick={save} disabled={busy}>
        {busy ? translate('console.common.saving') : translate('console.bank_debit.save')}
      </Button>
    </SettingsCard>
  );
}
