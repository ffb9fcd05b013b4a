/**
 * "Add the Pay now link to Xero" on the merchant's Xero connection: with the paymentservices scope,
 * pick the branding themes and the console creates our payment service in Xero and attaches it,
 * saying what it did; without it, the URL template to copy and the steps to add it by hand. Read
 * and set up through the data provider (`getPayNowSetup`, `setUpPayNow`).
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
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../data/http.ts';
import { useAction, useDataQuery } from '../data/useAction.ts';
import type { PayNowSetup } from '../shared/accounting-types.ts';
import { copyText } from '../shared/clipboard.ts';

const STEPS = [
  'console.pay_now.step_1',
  'console.pay_now.step_2',
  'console.pay_now.step_3',
  'console.pay_now.step_4',
] as const;

function CopyPanel({ setup }: { setup: PayNowSetup }) {
  const notify = useNotify();
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await copyText(setup.url_template);
      setCopied(true);
      notify('console.pay_now.copied', { type: 'success', autoHideDuration: 2000 });
      setTimeout(() => setCopied(false), 3000);
    } catch {
      notify('console.pay_now.copy_failed', { type: 'error' });
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
          label={translate('console.pay_now.template')}
          value={setup.url_template}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'pay-now-template' } }}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outlined" onClick={copy} sx={{ minWidth: 100 }} aria-live="polite">
          {translate(copied ? 'console.pay_now.copied_button' : 'console.pay_now.copy')}
        </Button>
      </Box>
      <Box
        component="ol"
        sx={{ mt: 1, mb: 0, pl: 3, typography: 'body2' }}
        aria-label={translate('console.pay_now.steps')}
      >
        {STEPS.map((step) => (
          <li key={step}>{translate(step)}</li>
        ))}
      </Box>
    </>
  );
}

export function XeroPayNow({ merchantId }: { merchantId: string }) {
  const translate = useTranslate();
  const { data, error, isPending } = useDataQuery(
    ['pay-now', merchantId],
    (dp) => dp.getPayNowSetup({ id: merchantId }),
    { retry: false },
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setChosen((data?.branding_themes ?? []).filter((t) => t.attached).map((t) => t.id));
  }, [data]);
  const setUp = useAction((dp) => dp.setUpPayNow({ id: merchantId, branding_theme_ids: chosen }), {
    success: 'console.pay_now.added',
    failure: false,
    invalidate: ['pay-now'],
    onSuccess: (result) => setDone(result.message),
    onError: (err) => setFailure(serverMessage(err) ?? translate('console.pay_now.add_failed')),
  });
  const busy = setUp.isPending;

  return (
    <Box
      component="section"
      aria-labelledby="pay-now-title"
      sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id="pay-now-title" variant="subtitle1" component="h3" gutterBottom>
        {translate('console.pay_now.title')}
      </Typography>
      {isPending ? (
        <Typography color="text.secondary">{translate('console.common.loading')}</Typography>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {serverMessage(error) ?? translate('console.pay_now.load_failed')}
        </Alert>
      ) : null}
      {data && !data.can_set_up ? <CopyPanel setup={data} /> : null}
      {data?.can_set_up ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {data.payment_service
              ? translate('console.pay_now.choose_existing', { name: data.payment_service.name })
              : translate('console.pay_now.choose_new')}
          </Typography>
          <FormGroup aria-label={translate('console.pay_now.themes')}>
            {data.branding_themes.map((t) => (
              <FormControlLabel
                key={t.id}
                label={t.attached ? translate('console.pay_now.attached', { name: t.name }) : t.name}
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
            onClick={() => {
              setFailure(null);
              setUp.mutate();
            }}
            disabled={
              busy ||
              chosen.length === 0 ||
              data.branding_themes.every((t) => t.attached || !chosen.includes(t.id))
            }
          >
            {translate(busy ? 'console.pay_now.adding' : 'console.pay_now.add')}
          </Button>
        </>
      ) : null}
    </Box>
  );
}
