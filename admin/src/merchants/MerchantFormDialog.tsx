/**
 * The merchant form as a modal: Add Merchant (business_name, name, email required; phone,
 * description; Create and Cancel) and Edit Merchant. Client checks mirror the server's; the
 * server's field errors land on their fields and any other detail is shown in the dialog.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api.ts';
import { validateMerchant, type MerchantFormErrors, type MerchantFormValues } from './validation.ts';

const EMPTY: MerchantFormValues = {
  business_name: '',
  name: '',
  email: '',
  phone: '',
  description: '',
  time_zone: '',
};

const FIELDS: Array<{
  key: keyof MerchantFormValues;
  label: string;
  required?: boolean;
  type?: string;
  multiline?: boolean;
  hint?: string;
}> = [
  { key: 'business_name', label: 'Business Name', required: true },
  { key: 'name', label: 'Contact Name', required: true },
  { key: 'email', label: 'Email', required: true, type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'description', label: 'Description', multiline: true },
  {
    key: 'time_zone',
    label: 'Time zone',
    hint: 'Accounting dates use it, e.g. Australia/Sydney (blank: the server default)',
  },
];

export function MerchantFormDialog(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: Partial<MerchantFormValues>;
  /** Resolves when saved; rejects with the error to show. */
  onSubmit(values: MerchantFormValues): Promise<void>;
  onClose(): void;
  failureMessage: string;
}) {
  const [values, setValues] = useState<MerchantFormValues>(EMPTY);
  const [errors, setErrors] = useState<MerchantFormErrors>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (props.open) {
      setValues({
        ...EMPTY,
        ...Object.fromEntries(Object.entries(props.initial ?? {}).map(([k, v]) => [k, v ?? ''])),
      });
      setErrors({});
      setDetail(null);
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateMerchant(values);
    setErrors(found);
    setDetail(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await props.onSubmit(values);
    } catch (err) {
      const field = err instanceof ApiError ? (err.field as keyof MerchantFormValues | undefined) : undefined;
      if (field && FIELDS.some((f) => f.key === field)) setErrors({ [field]: (err as Error).message });
      const message = err instanceof ApiError && err.status && err.code !== 'internal' ? err.message : null;
      setDetail(message ? `${props.failureMessage} ${message}` : props.failureMessage);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="merchant-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="merchant-form-title">{props.title}</DialogTitle>
        <DialogContent>
          {detail ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {detail}
            </Alert>
          ) : null}
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              name={f.key}
              label={f.label}
              type={f.type}
              required={f.required}
              multiline={f.multiline}
              minRows={f.multiline ? 3 : undefined}
              fullWidth
              margin="dense"
              value={values[f.key]}
              error={Boolean(errors[f.key])}
              helperText={errors[f.key] ?? f.hint}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.key]: e.target.value }));
                setErrors((x) => ({ ...x, [f.key]: undefined }));
              }}
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Only the fields that changed, with blanks as null (the API keeps fields it is not sent). */
export function changedFields(
  initial: Partial<MerchantFormValues>,
  values: MerchantFormValues,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const key of Object.keys(values) as Array<keyof MerchantFormValues>) {
    const next = values[key].trim();
    if (next !== (initial[key] ?? '').trim()) out[key] = next === '' ? null : next;
  }
  return out;
}
