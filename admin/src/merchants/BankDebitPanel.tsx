/**
 * The merchant's settings for a bank method — AU BECS Direct Debit (`becs`) or PayTo (`payto`):
 * on/off (AUD invoices of Australian merchants only), an optional minimum invoice amount for
 * offering it, and its own surcharge — a percentage with an optional cap in dollars (e.g. 1 % capped
 * at A$3.50), or none. Amounts are typed in dollars and sent in cents; the percentage is sent as
 * typed (the API parses it exactly). Texts: `console.bank_debit.*` and `console.payto.*`.
 */
import { Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Merchant } from '../shared/types.ts';
import {
  cents,
  DecimalField,
  dollars,
  SettingsCard,
  useMerchantSave,
  useReadOnlyNote,
} from './SettingsCard.tsx';
import { money } from '../shared/format.ts';

type BankMethod = 'becs' | 'payto';

type TextKey =
  | 'title'
  | 'help'
  | 'enabled'
  | 'minimum'
  | 'minimum_help'
  | 'percentage'
  | 'percentage_help'
  | 'cap'
  | 'cap_help'
  | 'save'
  | 'saved';

/** Each method's texts (keys spelled out, so the catalogue check sees every one). */
const TEXTS: Record<BankMethod, Record<TextKey, string>> = {
  becs: {
    title: 'console.bank_debit.title',
    help: 'console.bank_debit.help',
    enabled: 'console.bank_debit.enabled',
    minimum: 'console.bank_debit.minimum',
    minimum_help: 'console.bank_debit.minimum_help',
    percentage: 'console.bank_debit.percentage',
    percentage_help: 'console.bank_debit.percentage_help',
    cap: 'console.bank_debit.cap',
    cap_help: 'console.bank_debit.cap_help',
    save: 'console.bank_debit.save',
    saved: 'console.bank_debit.saved',
  },
  payto: {
    title: 'console.payto.title',
    help: 'console.payto.help',
    enabled: 'console.payto.enabled',
    minimum: 'console.payto.minimum',
    minimum_help: 'console.payto.minimum_help',
    percentage: 'console.payto.percentage',
    percentage_help: 'console.payto.percentage_help',
    cap: 'console.payto.cap',
    cap_help: 'console.payto.cap_help',
    save: 'console.payto.save',
    saved: 'console.payto.saved',
  },
};

/** The merchant's fields for one method, read by its prefix. */
function settingsOf(m: Merchant, method: BankMethod) {
  return method === 'payto'
    ? ([
        m.payto_enabled,
        m.payto_minimum_amount,
        m.payto_surcharge_percentage,
        m.payto_surcharge_cap,
      ] as const)
    : ([m.becs_enabled, m.becs_minimum_amount, m.becs_surcharge_percentage, m.becs_surcharge_cap] as const);
}

export function BankDebitPanel({
  merchant: m,
  method = 'becs',
}: {
  merchant: Merchant;
  method?: BankMethod;
}) {
  const translate = useTranslate();
  const text = (key: TextKey) => translate(TEXTS[method][key]);
  const { busy, error, setError, save: saveMerchant } = useMerchantSave(m, TEXTS[method].saved);
  const [on, min0, pct0, cap0] = settingsOf(m, method);
  const [enabled, setEnabled] = useState(on);
  const [minimum, setMinimum] = useState(dollars(min0));
  const [percentage, setPercentage] = useState(String(pct0));
  const [cap, setCap] = useState(dollars(cap0));
  const note = useReadOnlyNote(m);

  useEffect(() => {
    const [e, mi, p, c] = settingsOf(m, method);
    setEnabled(e);
    setMinimum(dollars(mi));
    setPercentage(String(p));
    setCap(dollars(c));
  }, [m, method]);

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
      [`${method}_enabled`]: enabled,
      [`${method}_minimum_amount`]: min,
      [`${method}_surcharge_percentage`]: pct,
      [`${method}_surcharge_cap`]: capCents,
    });
  }

  return (
    <SettingsCard
      titleId={`${method}-title`}
      title={text('title')}
      help={text('help')}
      error={error}
      enabled={enabled}
      onEnabled={setEnabled}
      enabledLabel={text('enabled')}
      readOnly={
        note
          ? {
              note,
              rows: [
                [text('enabled'), translate(on ? 'console.common.yes' : 'console.common.no')],
                [
                  text('minimum'),
                  min0 === null ? translate('console.bank_debit.any_amount') : money(min0, 'AUD'),
                ],
                [text('percentage'), `${pct0} %`],
                [text('cap'), cap0 === null ? translate('console.bank_debit.no_cap') : money(cap0, 'AUD')],
              ],
            }
          : null
      }
    >
      <DecimalField
        label={text('minimum')}
        value={minimum}
        onChange={(e) => setMinimum(e.target.value)}
        sx={{ display: 'block', my: 1 }}
        disabled={!enabled}
        helperText={text('minimum_help')}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
        <DecimalField
          label={text('percentage')}
          value={percentage}
          onChange={(e) => setPercentage(e.target.value)}
          disabled={!enabled}
          helperText={text('percentage_help')}
        />
        <DecimalField
          label={text('cap')}
          value={cap}
          onChange={(e) => setCap(e.target.value)}
          disabled={!enabled}
          helperText={text('cap_help')}
        />
      </Box>
      <Button variant="contained" onClick={save} disabled={busy}>
        {busy ? translate('console.common.saving') : text('save')}
      </Button>
    </SettingsCard>
  );
}
