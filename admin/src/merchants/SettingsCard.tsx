/**
 * What the merchant page's settings panels share (surcharge, bank debit): a card titled for screen
 * readers, an optional help line, the refusal to show, an on/off switch, and saving the merchant
 * (pessimistic: the panel shows the server's refusal, the page keeps what was typed).
 */
import { Alert, Card, CardContent, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import type { TextFieldProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import type { Merchant } from '../shared/types.ts';

/** Cents as dollars for a field ('' for none). */
export const dollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

/** '3.50' → 350; '' → null; anything else → undefined (invalid). */
export function cents(text: string): number | null | undefined {
  const t = text.trim().replace(/,/g, '');
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Save some of the merchant's fields; `savedKey` is the notification's i18n key. */
export function useMerchantSave(merchant: Merchant, savedKey: string) {
  const notify = useNotify();
  const translate = useTranslate();
  const [update, { isPending: busy }] = useUpdate();
  const [error, setError] = useState<string | null>(null);
  const save = (data: Record<string, unknown>) => {
    setError(null);
    void update(
      'merchants',
      { id: merchant.id, previousData: merchant, data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(savedKey, { type: 'success' }),
        onError: (err) => setError(serverMessage(err) ?? translate('console.merchants.update_failed')),
      },
    );
  };
  return { busy, error, setError, save };
}

export function SettingsCard(props: {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  help?: string;
  error: string | null;
  enabled: boolean;
  onEnabled(enabled: boolean): void;
  enabledLabel: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={props.titleId}>
      <CardContent>
        <Typography id={props.titleId} variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        {props.help ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {props.help}
          </Typography>
        ) : null}
        {props.error ? (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {props.error}
          </Alert>
        ) : null}
        <FormControlLabel
          control={<Switch checked={props.enabled} onChange={(e) => props.onEnabled(e.target.checked)} />}
          label={props.enabledLabel}
        />
        {props.children}
      </CardContent>
    </Card>
  );
}

/** A small text field for a decimal (a percentage, an amount in dollars): the decimal keypad on phones. */
export function DecimalField(props: TextFieldProps) {
  return <TextField size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} {...props} />;
}
