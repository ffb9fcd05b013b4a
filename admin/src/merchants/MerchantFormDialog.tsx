/**
 * The merchant form as a modal: Add Merchant (business_name, name, email required; the first
 * owner's email, invited at once; phone, description; Create and Cancel) and Edit Merchant. Client checks mirror the server's; the
 * server's field errors land on their fields and any other detail is shown in the dialog.
 */
import { TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { fieldOf, serverMessage } from '../data/http.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { BRAND_COLOR_PATTERN, contrastRatio } from '../../../core/brand.ts';
import { validateMerchant, type MerchantFormErrors, type MerchantFormValues } from './validation.ts';

const EMPTY: MerchantFormValues = {
  business_name: '',
  name: '',
  email: '',
  phone: '',
  description: '',
  time_zone: '',
  logo_url: '',
  brand_color: '',
  owner_email: '',
};

const FIELDS: Array<{
  key: keyof MerchantFormValues;
  label: string;
  required?: boolean;
  type?: string;
  multiline?: boolean;
  hint?: string;
  /** Shown in Add Merchant only. */
  createOnly?: boolean;
}> = [
  { key: 'business_name', label: 'console.merchants.fields.business_name', required: true },
  { key: 'name', label: 'console.merchants.fields.name', required: true },
  { key: 'email', label: 'console.merchants.fields.email', required: true, type: 'email' },
  {
    key: 'owner_email',
    label: 'console.merchants.fields.owner_email',
    type: 'email',
    hint: 'console.merchants.owner_email_hint',
    createOnly: true,
  },
  { key: 'phone', label: 'console.merchants.fields.phone', type: 'tel' },
  { key: 'description', label: 'console.merchants.fields.description', multiline: true },
  {
    key: 'time_zone',
    label: 'console.merchants.fields.time_zone',
    hint: 'console.merchants.time_zone_hint',
  },
  { key: 'logo_url', label: 'console.branding.logo_url', type: 'url', hint: 'console.branding.logo_hint' },
  { key: 'brand_color', label: 'console.branding.brand_color', hint: 'console.branding.brand_color_hint' },
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
  /** Add Merchant: the fields only a new merchant has (its first owner). */
  creating?: boolean;
}) {
  const [values, setValues] = useState<MerchantFormValues>(EMPTY);
  const [errors, setErrors] = useState<MerchantFormErrors>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const translate = useTranslate();

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
    // Only when the dialog opens: the form is reset from what it shows then, not on every change.
  }, [props.open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateMerchant(values);
    const ratio = contrastRatio(
      BRAND_COLOR_PATTERN.test(values.brand_color.trim()) ? values.brand_color.trim() : '#000000',
      '#ffffff',
    ).toFixed(1);
    setErrors(
      Object.fromEntries(
        Object.entries(found).map(([k, v]) => [k, v && translate(v, { ratio })]),
      ) as MerchantFormErrors,
    );
    setDetail(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await props.onSubmit(values);
    } catch (err) {
      const field = fieldOf(err) as keyof MerchantFormValues | undefined;
      const message = serverMessage(err);
      if (field && message && FIELDS.some((f) => f.key === field)) setErrors({ [field]: message });
      setDetail(message ? `${props.failureMessage} ${message}` : props.failureMessage);
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      busy={busy}
      titleId="merchant-form-title"
      title={props.title}
      error={detail}
      onSubmit={submit}
      submitLabel={props.submitLabel}
    >
      {FIELDS.filter((f) => props.creating || !f.createOnly).map((f) => (
        <TextField
          key={f.key}
          name={f.key}
          label={translate(f.label)}
          type={f.type}
          required={f.required}
          multiline={f.multiline}
          minRows={f.multiline ? 3 : undefined}
          fullWidth
          margin="dense"
          value={values[f.key]}
          error={Boolean(errors[f.key])}
          helperText={errors[f.key] ?? (f.hint ? translate(f.hint) : undefined)}
          onChange={(e) => {
            setValues((v) => ({ ...v, [f.key]: e.target.value }));
            setErrors((x) => ({ ...x, [f.key]: undefined }));
          }}
        />
      ))}
    </FormDialog>
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
