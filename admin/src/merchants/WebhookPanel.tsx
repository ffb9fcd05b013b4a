/**
 * Automation webhook (Make, Zapier, n8n): URL and optional scenario ID with Save, Test (shows the
 * result and the logged attempt), and the signing secret (reveal, rotate).
 */
import { Alert, Box, Button, Card, CardContent, Chip, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from '../api.ts';
import { accountingApi, type WebhookTestResult } from '../shared/accountingApi.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { dateTime } from '../shared/format.ts';
import { useApi } from '../shared/useApi.ts';
import type { Merchant } from '../shared/types.ts';
import { isHttpUrl } from './validation.ts';

export const WEBHOOK_SAVED = 'Webhook settings saved successfully';
export const WEBHOOK_SAVE_FAILED = 'Failed to save webhook settings. Please try again.';
export const WEBHOOK_URL_INVALID = 'Webhook URL must be a URL';
export const WEBHOOK_NOT_CONFIGURED = 'Please configure the webhook URL first';
export const WEBHOOK_TEST_SENT = 'Test payment sent to webhook';
export const WEBHOOK_TEST_FAILED = 'Webhook test failed. See error details below.';

export function WebhookPanel({ merchant, onChanged }: { merchant: Merchant; onChanged(): void }) {
  const notify = useNotify();
  const [url, setUrl] = useState(merchant.make_webhook_url ?? '');
  const [scenario, setScenario] = useState(merchant.make_scenario_id ?? '');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<(WebhookTestResult & { success?: boolean }) | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [secretError, setSecretError] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const log = useApi<Array<WebhookTestResult & { success?: boolean }>>(
    `/api/admin/merchants/${merchant.id}/webhook-tests`,
    { retry: false },
  );

  useEffect(() => {
    setUrl(merchant.make_webhook_url ?? '');
    setScenario(merchant.make_scenario_id ?? '');
  }, [merchant.make_webhook_url, merchant.make_scenario_id]);

  async function save() {
    const trimmed = url.trim();
    if (trimmed && !isHttpUrl(trimmed)) {
      setUrlError(WEBHOOK_URL_INVALID);
      return;
    }
    setSaving(true);
    try {
      await accountingApi.saveWebhook(merchant.id, {
        webhook_url: trimmed || null,
        scenario_id: scenario.trim() || null,
      });
      notify(WEBHOOK_SAVED, { type: 'success' });
      onChanged();
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'webhook_url' || err.field === 'make_webhook_url'))
        setUrlError(err.message);
      notify(WEBHOOK_SAVE_FAILED, { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  async function test() {
    setResult(null);
    setTestError(null);
    if (!merchant.make_webhook_url) {
      setTestError(WEBHOOK_NOT_CONFIGURED);
      notify(WEBHOOK_NOT_CONFIGURED, { type: 'error' });
      return;
    }
    setTesting(true);
    try {
      const attempt = await accountingApi.testWebhook(merchant.id);
      setResult(attempt);
      void log.refetch();
      if (attempt.success ?? attempt.status === 'success') {
        notify(WEBHOOK_TEST_SENT, { type: 'success' });
      } else {
        notify(WEBHOOK_TEST_FAILED, { type: 'error' });
      }
    } catch (err) {
      const message = err instanceof ApiError && err.status ? err.message : 'Please try again.';
      setTestError(`Failed to test webhook. ${message}`);
      notify(`Failed to test webhook. ${message}`, { type: 'error' });
    } finally {
      setTesting(false);
    }
  }

  async function reveal() {
    setSecretError(null);
    try {
      setSecret((await accountingApi.revealSecret(merchant.id)).secret);
    } catch (err) {
      setSecretError(
        err instanceof ApiError ? err.message : 'Could not load the signing secret. Please try again.',
      );
    }
  }

  async function rotate() {
    setSecretError(null);
    try {
      setSecret((await accountingApi.rotateSecret(merchant.id)).secret);
      notify('Signing secret rotated', { type: 'success' });
    } catch (err) {
      setSecretError(
        err instanceof ApiError ? err.message : 'Could not rotate the signing secret. Please try again.',
      );
    } finally {
      setConfirmRotate(false);
    }
  }

  const ok = result && (result.success ?? result.status === 'success');

  return (
    <Card component="section" aria-labelledby="webhook-title">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="webhook-title" variant="h6" component="h2">
            Automation Webhook
          </Typography>
          <Chip
            size="small"
            color={merchant.xero_integration_status === 'configured' ? 'success' : 'default'}
            label={merchant.xero_integration_status === 'configured' ? 'Configured' : 'Not configured'}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Each payment and refund is posted here (Make, Zapier, n8n …) to mark the invoice in the accounting
          tool.
        </Typography>
        <TextField
          label="Webhook URL"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setUrlError(null);
          }}
          fullWidth
          margin="dense"
          size="small"
          error={Boolean(urlError)}
          helperText={urlError ?? 'https://hook.make.com/…'}
        />
        <TextField
          label="Scenario ID (optional)"
          value={scenario}
          onChange={(e) => setScenario(e.target.value)}
          fullWidth
          margin="dense"
          size="small"
        />
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={save} disabled={saving}>
            {saving ? 'Saving...' : 'Save webhook settings'}
          </Button>
          <Button variant="outlined" onClick={test} disabled={testing}>
            {testing ? 'Testing...' : 'Test webhook'}
          </Button>
        </Box>
        {testError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {testError}
          </Alert>
        ) : null}
        {result ? (
          <Alert severity={ok ? 'success' : 'error'} sx={{ mt: 2 }} data-testid="webhook-test-result">
            <div>{ok ? WEBHOOK_TEST_SENT : WEBHOOK_TEST_FAILED}</div>
            <div>
              Status: {result.status}
              {result.response_status !== null && result.response_status !== undefined
                ? ` (HTTP ${result.response_status})`
                : ''}
            </div>
            {result.error_message ? <div>Error: {result.error_message}</div> : null}
            {result.created_at ? (
              <div>
                Logged {dateTime(result.created_at)}
                {result.webhook_url ? ` to ${result.webhook_url}` : ''}
              </div>
            ) : null}
          </Alert>
        ) : null}
        {log.data?.length ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2">Recent test attempts</Typography>
            <Box component="ul" sx={{ pl: 2, my: 0.5 }} data-testid="webhook-test-log">
              {log.data.slice(0, 5).map((t, i) => (
                <li key={t.id ?? i}>
                  {dateTime(t.created_at)}: {t.status}
                  {t.response_status !== null && t.response_status !== undefined
                    ? ` (HTTP ${t.response_status})`
                    : ''}
                  {t.error_message ? `, ${t.error_message}` : ''}
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
        <Typography variant="subtitle2" sx={{ mt: 3 }}>
          Signing secret
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Receivers verify each delivery's HMAC-SHA256 signature with this secret.
        </Typography>
        {secretError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {secretError}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {secret ? (
            <code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
              {secret}
            </code>
          ) : (
            <code>••••••••••••••••</code>
          )}
          <Button size="small" onClick={secret ? () => setSecret(null) : reveal}>
            {secret ? 'Hide' : 'Reveal'}
          </Button>
          <Button size="small" color="warning" onClick={() => setConfirmRotate(true)}>
            Rotate
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirmRotate}
        title="Rotate signing secret?"
        confirmLabel="Rotate"
        danger
        onConfirm={rotate}
        onClose={() => setConfirmRotate(false)}
      >
        Deliveries will be signed with a new secret at once. Update the receiver, or it will reject them.
      </ConfirmDialog>
    </Card>
  );
}
