/**
 * Make a signed pay link: merchant (of the user's), invoice number, the amount due in dollars, the
 * currency, an optional customer email (the link is mailed there unless unticked) and metadata (`key=value` lines, as the integrator API's
 * `metadata`), created with react-admin's `useCreate`. The amount is
 * authoritative for the invoice (the server's rule), so the dialog says so.
 */
import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useCreate, useGetList, useTranslate } from 'react-admin';
import { SUPPORTED_CURRENCIES } from '../../../core/currencies.ts';
import { parseMetadataLines } from '../../../core/metadata.ts';
import { parseLinkAmount } from '../../../core/money.ts';
import { can } from '../access.ts';
import { serverMessage } from '../data/http.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { CreatedPayLink, Merchant } from '../shared/types.ts';

export function CreatePayLinkDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(link: CreatedPayLink): void;
}) {
  const translate = useTranslate();
  const [create, { isPending }] = useCreate<CreatedPayLink>();
  const [merchantId, setMerchantId] = useState('');
  const [invoice, setInvoice] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('AUD');
  const [email, setEmail] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [metadata, setMetadata] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const merchants = useGetList<Merchant>(
    'merchants',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'business_name', order: 'ASC' } },
    { enabled: open },
  );
  const choices = (merchants.data ?? []).filter((m) => can('pay_links.manage', m.id));
  const chosen = merchantId || (choices.length === 1 ? choices[0].id : '');

  function submit() {
    const found: Record<string, string> = {};
    const minor = parseLinkAmount(amount, currency) ?? 0;
    if (!chosen) found.merchant = translate('console.pay_links.merchant_required');
    if (!invoice.trim()) found.invoice = translate('console.pay_links.invoice_required');
    if (minor <= 0) found.amount = translate('console.pay_links.amount_invalid');
    const meta = parseMetadataLines(metadata);
    if ('message' in meta) found.metadata = meta.message;
    setErrors(found);
    if (Object.keys(found).length) return;
    create(
      'pay-links',
      {
        data: {
          merchant_id: chosen,
          invoice_number: invoice.trim(),
          amount: minor,
          currency,
          customer_email: email.trim() || null,
          ...('value' in meta && Object.keys(meta.value).length ? { metadata: meta.value } : {}),
          // The request's own field (not the link's): mail it to customer_email.
          ...({ send_email: sendEmail } as Partial<CreatedPayLink>),
        },
      },
      {
        returnPromise: false,
        onSuccess: (link) => {
          setInvoice('');
          setAmount('');
          setEmail('');
          setMetadata('');
          onCreated(link);
        },
        onError: (err) =>
          setErrors({ form: serverMessage(err) ?? translate('console.pay_links.create_failed') }),
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={isPending}
      titleId="pay-link-title"
      title={translate('console.pay_links.create_title')}
      intro={translate('console.pay_links.create_help')}
      error={errors.form ?? null}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      submitLabel={translate('console.pay_links.create')}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <TextField
          select
          label={translate('console.pay_links.merchant')}
          value={chosen}
          onChange={(e) => setMerchantId(e.target.value)}
          error={!!errors.merchant}
          helperText={errors.merchant}
        >
          {choices.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.business_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('console.pay_links.invoice_number')}
          value={invoice}
          onChange={(e) => setInvoice(e.target.value)}
          error={!!errors.invoice}
          helperText={errors.invoice}
        />
        <TextField
          label={translate('console.pay_links.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!errors.amount}
          helperText={errors.amount ?? translate('console.pay_links.amount_help')}
        />
        <TextField
          select
          label={translate('console.pay_links.currency')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
        >
          {SUPPORTED_CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('console.pay_links.customer_email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          helperText={translate('console.pay_links.customer_email_help')}
        />
        {email.trim() ? (
          <FormControlLabel
            control={<Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />}
            label={translate('console.pay_links.send_email')}
          />
        ) : null}
        <TextField
          label={translate('console.pay_links.metadata')}
          value={metadata}
          onChange={(e) => setMetadata(e.target.value)}
          multiline
          minRows={2}
          placeholder={'order_id=7731\nsite=shop.example.com'}
          error={!!errors.metadata}
          helperText={errors.metadata ?? translate('console.pay_links.metadata_help')}
        />
      </Box>
    </FormDialog>
  );
}
