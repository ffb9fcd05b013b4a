/**
 * Automation webhook (Make, Zapier, n8n): URL, optional scenario ID and payload version with Save,
 * Test (shows the result and the logged attempt), the signing secret (reveal, rotate — the old one
 * keeps signing for 24 h, which the panel says), and the delivery attempts with request and
 * response (../webhooks/WebhookDeliveries.tsx), all through the data provider. The fields show what is saved: an empty field shows an example as its placeholder (never
 * as text that reads like a saved value), and an edit not yet saved says so.
 */
import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { fieldOf, serverMessage } from '../data/http.ts';
import { useAction, useDataQuery } from '../data/useAction.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { dateTime } from '../shared/format.ts';
import type { Merchant, WebhookSettings, WebhookTest } from '../shared/types.ts';
import { EventTypesField } from '../webhooks/EventTypesField.tsx';
import { WebhookDeliveries } from '../webhooks/WebhookDeliveries.tsx';
import { isHttpUrl } from './validation.ts';

const WEBHOOK_URL_EXAMPLE = 'https://hook.make.com/…';

const succeeded = (t: WebhookTest) => t.success ?? t.status === 'success';

function TestResult({ result }: { result: WebhookTest }) {
  const translate = useTranslate();
  const ok = succeeded(result);
  return (
    <Alert severity={ok ? 'success' : 'error'} sx={{ mt: 2 }} data-testid="webhook-test-result">
      <div>{translate(ok ? 'console.webhook.test_sent' : 'console.webhook.test_failed')}</div>
      <div>
        {translate('console.webhook.status', { status: result.status })}
        {result.response_status !== null && result.response_status !== undefined
          ? ` (HTTP ${result.response_status})`
          : ''}
      </div>
      {result.error_message ? (
        <div>{translate('console.webhook.error', { error: result.error_message })}</div>
      ) : null}
      {result.created_at ? (
        <div>
          {translate('console.webhook.logged', { when: dateTime(result.created_at) })}
          {result.webhook_url
            ? ` ${translate('console.webhook.logged_to', { url: result.webhook_url })}`
            : ''}
        </div>
      ) : null}
    </Alert>
  );
}

export function WebhookPanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const settings = useDataQuery(['merchants', 'webhook-settings', merchant.id], (dp) =>
    dp.getWebhookSettings({ id: merchant.id }),
  );
  const configured = merchant.xero_integration_status === 'configured';
  return (
    <Card component="section" aria-labelledby="webhook-title">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography id="webhook-title" variant="h6" component="h2">
            {translate('console.webhook.title')}
          </Typography>
          <Chip
            size="small"
            color={configured ? 'success' : 'default'}
            label={translate(
              configured ? 'console.webhook.configured' : 'console.webhook.not_configured_badge',
            )}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.webhook.intro')}
        </Typography>
        <WebhookSettingsForm merchant={merchant} settings={settings.data} />
        <WebhookSecret merchant={merchant} previousValidUntil={settings.data?.previous_secret_valid_until} />
        <WebhookDeliveries merchantId={merchant.id} />
      </CardContent>
    </Card>
  );
}

/** URL, scenario ID, payload version and event types, with Save and Test and the recent tests. */
function WebhookSettingsForm({ merchant, settings }: { merchant: Merchant; settings?: WebhookSettings }) {
  const notify = useNotify();
  const translate = useTranslate();
  const saved = { url: merchant.make_webhook_url ?? '', scenario: merchant.make_scenario_id ?? '' };
  const [url, setUrl] = useState(saved.url);
  const [scenario, setScenario] = useState(saved.scenario);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const savedVersion = settings?.payload_version ?? 'v1';
  const [version, setVersion] = useState<WebhookSettings['payload_version'] | null>(null);
  const savedEvents = settings?.enabled_events ?? [];
  const [events, setEvents] = useState<string[] | null>(null);

  useEffect(() => {
    setUrl(merchant.make_webhook_url ?? '');
    setScenario(merchant.make_scenario_id ?? '');
  }, [merchant.make_webhook_url, merchant.make_scenario_id]);

  const save = useAction(
    (
      dp,
      body: {
        webhook_url: string | null;
        scenario_id: string | null;
        payload_version: WebhookSettings['payload_version'];
        enabled_events?: string[];
      },
    ) => dp.saveWebhook({ id: merchant.id, ...body }),
    {
      success: 'console.webhook.saved',
      failure: 'console.webhook.save_failed',
      invalidate: ['merchants'],
      onSuccess: () => {
        setVersion(null);
        setEvents(null);
      },
      onError: (err) => {
        const field = fieldOf(err);
        if (field === 'webhook_url' || field === 'make_webhook_url') setUrlError(serverMessage(err) ?? null);
      },
    },
  );
  const test = useAction((dp) => dp.testWebhook({ id: merchant.id }), {
    success: (attempt) => (succeeded(attempt) ? 'console.webhook.test_sent' : false),
    failure: false,
    invalidate: ['merchants', 'webhook-deliveries'],
    onSuccess: (attempt) => {
      if (!succeeded(attempt)) notify('console.webhook.test_failed', { type: 'error' });
    },
    onError: (err) => {
      const message = translate('console.webhook.test_error', {
        detail: serverMessage(err) ?? translate('console.common.try_again'),
      });
      setTestError(message);
      notify(message, { type: 'error' });
    },
  });

  function submit() {
    const trimmed = url.trim();
    if (trimmed && !isHttpUrl(trimmed)) {
      setUrlError(translate('console.webhook.url_invalid'));
      return;
    }
    save.mutate({
      webhook_url: trimmed || null,
      scenario_id: scenario.trim() || null,
      payload_version: version ?? savedVersion,
      ...(events ? { enabled_events: events } : {}),
    });
  }

  function runTest() {
    test.reset();
    setTestError(null);
    if (!merchant.make_webhook_url) {
      setTestError(translate('console.webhook.not_configured'));
      notify('console.webhook.not_configured', { type: 'error' });
      return;
    }
    test.mutate();
  }

  const unsaved =
    url.trim() !== saved.url ||
    scenario.trim() !== saved.scenario ||
    (version !== null && version !== savedVersion) ||
    (events !== null && events.join() !== savedEvents.join());

  return (
    <>
      <TextField
        label={translate('console.webhook.url')}
        value={url}
        placeholder={WEBHOOK_URL_EXAMPLE}
        onChange={(e) => {
          setUrl(e.target.value);
          setUrlError(null);
        }}
        fullWidth
        margin="dense"
        size="small"
        type="url"
        error={Boolean(urlError)}
        helperText={urlError ?? (saved.url ? null : translate('console.webhook.none_saved'))}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={translate('console.webhook.scenario')}
        value={scenario}
        onChange={(e) => setScenario(e.target.value)}
        fullWidth
        margin="dense"
        size="small"
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        select
        label={translate('console.webhook_versions.label')}
        value={version ?? savedVersion}
        onChange={(e) => setVersion(e.target.value as WebhookSettings['payload_version'])}
        fullWidth
        margin="dense"
        size="small"
        helperText={translate('console.webhook_versions.help')}
        slotProps={{ htmlInput: { 'data-testid': 'webhook-version' } }}
      >
        <MenuItem value="v1">{translate('console.webhook_versions.v1')}</MenuItem>
        <MenuItem value="2026-11">{translate('console.webhook_versions.latest')}</MenuItem>
      </TextField>
      <EventTypesField
        value={events ?? savedEvents}
        onChange={setEvents}
        testId="webhook-events"
        helperText={translate('console.webhook_endpoints.automation_events_help')}
      />
      {unsaved ? (
        <Typography variant="body2" color="warning.main" role="status" sx={{ mt: 0.5 }}>
          {translate('console.webhook.unsaved')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {translate(save.isPending ? 'console.common.saving' : 'console.webhook.save')}
        </Button>
        <Button variant="outlined" onClick={runTest} disabled={test.isPending}>
          {translate(test.isPending ? 'console.webhook.testing' : 'console.webhook.test')}
        </Button>
      </Box>
      {testError ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {testError}
        </Alert>
      ) : null}
      {test.data ? <TestResult result={test.data} /> : null}
      <RecentTests merchantId={merchant.id} />
    </>
  );
}

/** The last five tests sent, newest first. */
function RecentTests({ merchantId }: { merchantId: string }) {
  const translate = useTranslate();
  const log = useDataQuery(
    ['merchants', 'webhook-tests', merchantId],
    (dp) => dp.getWebhookTests({ id: merchantId }),
    { retry: false },
  );
  if (!log.data?.length) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{translate('console.webhook.recent_tests')}</Typography>
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
  );
}

/** The signing secret: hidden until revealed; rotating keeps the old one signing for 24 h, which it says. */
function WebhookSecret({
  merchant,
  previousValidUntil,
}: {
  merchant: Merchant;
  previousValidUntil?: string | null;
}) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const reveal = useAction((dp) => dp.revealWebhookSecret({ id: merchant.id }), {
    failure: 'console.webhook.secret_load_failed',
    onSuccess: ({ secret }) => setSecret(secret),
  });
  const rotate = useAction((dp) => dp.rotateWebhookSecret({ id: merchant.id }), {
    success: 'console.webhook.secret_rotated',
    failure: 'console.webhook.secret_rotate_failed',
    invalidate: ['merchants'],
    onSuccess: ({ secret }) => {
      setSecret(secret);
      setConfirmRotate(false);
    },
    onError: () => setConfirmRotate(false),
  });
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 3 }}>
        {translate('console.webhook.secret_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('console.webhook.secret_intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {secret ? (
          <code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </code>
        ) : (
          <code aria-label={translate('console.webhook.secret_hidden')}>••••••••••••••••</code>
        )}
        <Button
          size="small"
          disabled={reveal.isPending}
          onClick={secret ? () => setSecret(null) : () => reveal.mutate()}
        >
          {translate(secret ? 'console.webhook.hide' : 'console.webhook.reveal')}
        </Button>
        <Button size="small" color="warning" onClick={() => setConfirmRotate(true)}>
          {translate('console.webhook.rotate')}
        </Button>
      </Box>
      {previousValidUntil ? (
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          sx={{ mt: 1 }}
          data-testid="previous-secret"
        >
          {translate('console.webhook_versions.previous_valid', { when: dateTime(previousValidUntil) })}
        </Typography>
      ) : null}
      <ConfirmDialog
        open={confirmRotate}
        title={translate('console.webhook.rotate_title')}
        confirmLabel={translate('console.webhook.rotate')}
        danger
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirmRotate(false)}
      >
        {translate('console.webhook.rotate_text')}
      </ConfirmDialog>
    </>
  );
}
