/**
 * "Add the Pay now link to Xero" on the merchant's Xero connection: with the paymentservices scope,
 * pick the branding themes and the console creates our payment service in Xero and attaches it,
 * saying what it did; without it, the URL template to copy and the steps to add it by hand.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../api.ts';
import { accountingRecordsApi, type PayNowSetup } from '../shared/accountingRecordsApi.ts';
import { copyText } from '../shared/clipboard.ts';
import { useApi } from '../shared/useApi.ts';

function CopyPanel({ setup }: { setup: PayNowSetup }) {
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await copyText(setup.url_template);
      setCopied(true);
      notify('URL copied', { type: 'success', autoHideDuration: 2000 });
      setTimeout(() => setCopied(false), 3000);
    } catch {
      notify('Failed to copy link', { type: 'error' });
    }
  }
  return (
    <>
      {setup.message ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {setup.message}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label="Pay now URL for Xero"
          value={setup.url_template}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pay-now-template' } }}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outlined" onClick={copy} sx={{ minWidth: 100 }} aria-live="polite">
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </Box>
      <Box component="ol" sx={{ mt: 1, mb: 0, pl: 3, typography: 'body2' }} aria-label="Steps in Xero">
        <li>In Xero, open Settings → Invoice settings (Business settings → Invoice settings).</li>
        <li>Choose Payment services → Add payment service → Custom payment URL.</li>
        <li>Paste the URL above, name it (e.g. “Pay by card”) and save.</li>
        <li>
          Back in Invoice settings, edit each branding theme your invoices use and pick this payment service.
        </li>
      </Box>
    </>
  );
}

export function XeroPayNow({ merchantId }: { merchantId: string }) {
  const notify = useNotify();
  const { data, error, isPending, refetch } = useApi<PayNowSetup>(
    accountingRecordsApi.payNowPath(merchantId),
    {
      retry: false,
    },
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setChosen((data?.branding_themes ?? []).filter((t) => t.attached).map((t) => t.id));
  }, [data]);

  async function setUp() {
    setBusy(true);
    setFailure(null);
    try {
      const result = await accountingRecordsApi.setUpPayNow(merchantId, { branding_theme_ids: chosen });
      setDone(result.message);
      notify('Pay now link added to Xero', { type: 'success' });
      await refetch();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'Failed to add the Pay now link. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box
      component="section"
      aria-labelledby="pay-now-title"
      sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id="pay-now-title" variant="subtitle1" component="h3" gutterBottom>
        Pay now link in Xero
      </Typography>
      {isPending ? <Typography color="text.secondary">Loading…</Typography> : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {data && !data.can_set_up ? <CopyPanel setup={data} /> : null}
      {data?.can_set_up ? (
        <>
          <Typography variant="body2" color="text.secondary">
            Choose the branding themes whose invoices get a Pay now button. The payment service
            {data.payment_service
              ? ` “${data.payment_service.name}” is already in Xero.`
              : ' is created in Xero once.'}
          </Typography>
          <FormGroup aria-label="Branding themes">
            {data.branding_themes.map((t) => (
              <FormControlLabel
                key={t.id}
                label={t.attached ? `${t.name} (has the Pay now link)` : t.name}
                control={
                  <Checkbox
                    checked={chosen.includes(t.id)}
                    disabled={t.attached || busy}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, t.id] : c.filter((id) => id !== t.id)))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ my: 1 }}>
              {failure}
            </Alert>
          ) : null}
          {done ? (
            <Alert severity="success" sx={{ my: 1 }}>
              {done}
            </Alert>
          ) : null}
          <Button
            variant="contained"
            onClick={setUp}
            disabled={
              busy ||
              chosen.length === 0 ||
              data.branding_themes.every((t) => t.attached || !chosen.includes(t.id))
            }
          >
            {busy ? 'Adding...' : 'Add the Pay now link to Xero'}
          </Button>
        </>
      ) : null}
    </Box>
  );
}
