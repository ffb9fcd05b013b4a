/**
 * Merchant Details → Webhook endpoints: the merchant's endpoints besides its automation webhook
 * (URL, event types, payload version, enabled), adding one (its signing secret is shown once, in a
 * dialog), disabling, enabling and deleting one, and the events of the last 30 days with where each
 * went and a resend to one receiver (WebhookEventsList). All through the console's admin routes.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { SecretDialog } from '../api-keys/SecretDialog.tsx';
import { fieldOf, serverMessage } from '../data/http.ts';
import { useAction, useDataQuery } from '../data/useAction.ts';
import { isHttpUrl } from '../merchants/validation.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import type { Merchant, WebhookEndpoint } from '../shared/types.ts';
import { ALL_EVENTS, eventLabel, EventTypesField } from './EventTypesField.tsx';
import { WebhookEventsList } from './WebhookEventsList.tsx';

const RESOURCE = 'webhook-endpoints';

function AddEndpoint({ merchantId, onSecret }: { merchantId: string; onSecret(secret: string): void }) {
  const translate = useTranslate();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([ALL_EVENTS]);
  const [version, setVersion] = useState<WebhookEndpoint['api_version']>('2026-11');
  const [error, setError] = useState<string | null>(null);
  const create = useAction(
    (dp) =>
      dp.createWebhookEndpoint({
        id: merchantId,
        url: url.trim(),
        enabled_events: events,
        api_version: version,
      }),
    {
      success: 'console.webhook_endpoints.added',
      failure: (err) => (fieldOf(err) === 'url' ? false : 'console.webhook_endpoints.add_failed'),
      invalidate: [RESOURCE],
      onSuccess: (made) => {
        setUrl('');
        setEvents([ALL_EVENTS]);
        onSecret(made.secret);
      },
      onError: (err) => {
        if (fieldOf(err) === 'url') setError(serverMessage(err) ?? translate('console.webhook.url_invalid'));
      },
    },
  );
  function submit() {
    if (!isHttpUrl(url.trim())) {
      setError(translate('console.webhook.url_invalid'));
      return;
    }
    create.mutate();
  }
  return (
    <Box
      component="form"
      aria-label={translate('console.webhook_endpoints.add')}
      sx={{ mt: 2 }}
      onSubmit={(e) => (e.preventDefault(), submit())}
    >
      <Typography variant="subtitle2">{translate('console.webhook_endpoints.add')}</Typography>
      <TextField
        label={translate('console.webhook_endpoints.url')}
        value={url}
        placeholder="https://hooks.example.com/invoicepay"
        onChange={(e) => {
          setUrl(e.target.value);
          setError(null);
        }}
        fullWidth
        margin="dense"
        size="small"
        type="url"
        required
        error={Boolean(error)}
        helperText={error}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'endpoint-url' } }}
      />
      <EventTypesField value={events} onChange={setEvents} testId="endpoint-events" />
      <TextField
        select
        label={translate('console.webhook_versions.label')}
        value={version}
        onChange={(e) => setVersion(e.target.value as WebhookEndpoint['api_version'])}
        fullWidth
        margin="dense"
        size="small"
        helperText={translate('console.webhook_endpoints.version_help')}
      >
        <MenuItem value="2026-11">{translate('console.webhook_versions.latest')}</MenuItem>
        <MenuItem value="v1">{translate('console.webhook_versions.v1')}</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={create.isPending}>
        {translate(create.isPending ? 'console.common.saving' : 'console.webhook_endpoints.add_button')}
      </Button>
    </Box>
  );
}

export function WebhookEndpointsPanel({ merchant }: { merchant: Merchant }) {
  const translate = useTranslate();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const endpoints = useDataQuery([RESOURCE, merchant.id], (dp) =>
    dp.getWebhookEndpoints({ id: merchant.id }),
  );
  const toggle = useAction(
    (dp, e: WebhookEndpoint) => dp.updateWebhookEndpoint({ id: e.id, disabled: e.status === 'enabled' }),
    {
      success: 'console.webhook_endpoints.saved',
      failure: 'console.webhook_endpoints.save_failed',
      invalidate: [RESOURCE],
    },
  );
  const remove = useAction((dp, e: WebhookEndpoint) => dp.deleteWebhookEndpoint({ id: e.id }), {
    success: 'console.webhook_endpoints.deleted',
    failure: 'console.webhook_endpoints.delete_failed',
    invalidate: [RESOURCE],
    onSuccess: () => setDeleting(null),
    onError: () => setDeleting(null),
  });
  const list = endpoints.data ?? [];
  return (
    <Card component="section" aria-labelledby="webhook-endpoints-title">
      <CardContent>
        <Typography id="webhook-endpoints-title" variant="h6" component="h2">
          {translate('console.webhook_endpoints.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('console.webhook_endpoints.intro')}
        </Typography>
        {endpoints.isError ? (
          <Typography color="error" role="alert">
            {translate('console.webhook_endpoints.load_failed')}
          </Typography>
        ) : list.length === 0 ? (
          <Typography variant="body2">{translate('console.webhook_endpoints.none')}</Typography>
        ) : (
          <Table
            size="small"
            aria-label={translate('console.webhook_endpoints.title')}
            data-testid="webhook-endpoints"
          >
            <TableHead>
              <TableRow>
                <TableCell>{translate('console.webhook_endpoints.url')}</TableCell>
                <TableCell>{translate('console.webhook_endpoints.events')}</TableCell>
                <TableCell>{translate('console.webhook_endpoints.version')}</TableCell>
                <TableCell>{translate('console.webhook_endpoints.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((e) => (
                <TableRow key={e.id}>
                  <TableCell sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>{e.url}</TableCell>
                  <TableCell>{e.enabled_events.map((t) => eventLabel(translate, t)).join(', ')}</TableCell>
                  <TableCell>{e.api_version}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={e.status === 'enabled' ? 'success' : 'default'}
                      label={translate(`console.webhook_endpoints.${e.status}`)}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => toggle.mutate(e)} disabled={toggle.isPending}>
                      {translate(
                        e.status === 'enabled'
                          ? 'console.webhook_endpoints.disable'
                          : 'console.webhook_endpoints.enable',
                      )}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(e)}>
                      {translate('console.webhook_endpoints.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <AddEndpoint merchantId={merchant.id} onSecret={setSecret} />
        <WebhookEventsList merchant={merchant} endpoints={list} />
      </CardContent>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} texts="webhook_endpoints" />
      <ConfirmDialog
        open={deleting !== null}
        title={translate('console.webhook_endpoints.delete_title')}
        confirmLabel={translate('console.webhook_endpoints.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        {translate('console.webhook_endpoints.delete_text', { url: deleting?.url ?? '' })}
      </ConfirmDialog>
    </Card>
  );
}
