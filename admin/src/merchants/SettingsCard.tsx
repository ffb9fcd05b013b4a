/**
 * What the merchant page's settings panels share (surcharge, bank debit, staff refunds): a card titled
 * for screen readers, an optional help line, the refusal to show, an on/off switch, and saving the
 * merchant (pessimistic: the panel shows the server's refusal, the page keeps what was typed). A member
 * whose role cannot change them reads them instead: the values as a list, and who may change them
 * (issue 50 item 5).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { TextFieldProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import type { Merchant } from '../shared/types.ts';
import { can } from '../access.ts';
import { useDenial } from '../layout/RoleDenied.tsx';
import { DetailRow } from '../shared/DetailRow.tsx';

/** The settings as label and value, for a member who may read but not change them. */
export type SettingRows = Array<[label: string, value: string]>;

/** Who may not change the merchant's settings reads them: null for who may. */
export function useReadOnlyNote(merchant: Merchant): string | null {
  const denial = useDenial();
  return can('merchant.update', merchant.id) ? null : denial('merchant.update', merchant.id);
}

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
  /** For a member who may not change them: who may (the note), and the values to read. */
  readOnly?: { note: string; rows: SettingRows } | null;
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
        {props.readOnly ? (
          <>
            <Box component="dl" sx={{ my: 1 }}>
              {props.readOnly.rows.map(([label, value]) => (
                <DetailRow key={label} label={label}>
                  {value}
                </DetailRow>
              ))}
            </Box>
            <Alert severity="info" data-testid="read-only-note">
              {props.readOnly.note}
            </Alert>
          </>
        ) : (
          <Editable {...props} />
        )}
      </CardContent>
    </Card>
  );
}

function Editable(props: {
  error: string | null;
  enabled: boolean;
  onEnabled(enabled: boolean): void;
  enabledLabel: string;
  children: ReactNode;
}) {
  return (
    <>
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
    </>
  );
}

/** A small text field for a decimal (a percentage, an amount in dollars): the decimal keypad on phones. */
export function DecimalField(props: TextFieldProps) {
  return <TextField size="small" slotProps={{ htmlInput: { inputMode: 'decimal' } }} {...props} />;
}
