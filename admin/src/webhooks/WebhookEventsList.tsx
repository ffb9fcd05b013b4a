/**
 * The merchant's events of the last 30 days (newest 50): type, when, and each delivery's receiver
 * and outcome; "Resend" sends one event again to the receiver chosen (the automation webhook or an
 * endpoint), with the same event id and Idempotency-Key.
 */
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useAction, useDataQuery } from '../data/useAction.ts';
import { dateTime } from '../shared/format.ts';
import type { Merchant, WebhookEndpoint, WebhookEvent } from '../shared/types.ts';

const AUTOMATION = 'automation';

function EventRow({
  event,
  receivers,
}: {
  event: WebhookEvent;
  receivers: Array<{ id: string; label: string }>;
}) {
  const translate = useTranslate();
  const [to, setTo] = useState(receivers[0]?.id ?? '');
  const resend = useAction(
    (dp) => dp.resendWebhookEvent({ id: event.id, endpointId: to === AUTOMATION ? null : to }),
    {
      success: 'console.webhook_endpoints.resent',
      failure: 'console.webhook_endpoints.resend_failed',
      invalidate: ['webhook-events'],
    },
  );
  const labelOf = (endpointId: string | null) =>
    receivers.find((r) => r.id === (endpointId ?? AUTOMATION))?.label ??
    translate('console.webhook_endpoints.removed_receiver');
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="webhook-event">
      <Typography variant="body2">
        <strong>{event.type}</strong> · {dateTime(event.created)} · <code>{event.id}</code>
      </Typography>
      <Box component="ul" sx={{ pl: 2, my: 0.5 }}>
        {(event.deliveries ?? []).map((d) => (
          <li key={d.id}>
            <Typography variant="body2" color="text.secondary">
              {labelOf(d.endpoint_id)}: {d.status}
              {d.response_status !== null ? ` (HTTP ${d.response_status})` : ''}
              {d.error ? `, ${d.error}` : ''}
            </Typography>
          </li>
        ))}
      </Box>
      {receivers.length ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={translate('console.webhook_endpoints.resend_to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            sx={{ minWidth: 240 }}
          >
            {receivers.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
          <Button size="small" onClick={() => resend.mutate()} disabled={resend.isPending || !to}>
            {translate('console.webhook_endpoints.resend')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

export function WebhookEventsList({
  merchant,
  endpoints,
}: {
  merchant: Merchant;
  endpoints: WebhookEndpoint[];
}) {
  const translate = useTranslate();
  const events = useDataQuery(['webhook-events', merchant.id], (dp) =>
    dp.getWebhookEvents({ id: merchant.id }),
  );
  const receivers = [
    ...(merchant.make_webhook_url
      ? [{ id: AUTOMATION, label: translate('console.webhook_endpoints.automation_webhook') }]
      : []),
    ...endpoints.filter((e) => e.status === 'enabled').map((e) => ({ id: e.id, label: e.url })),
  ];
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2">{translate('console.webhook_endpoints.events_title')}</Typography>
      {events.isError ? (
        <Typography color="error" role="alert">
          {translate('console.webhook_endpoints.events_load_failed')}
        </Typography>
      ) : !events.data?.length ? (
        <Typography variant="body2">{translate('console.webhook_endpoints.no_events')}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 0, listStyle: 'none', my: 0 }}>
          {events.data.map((e) => (
            <EventRow key={e.id} event={e} receivers={receivers} />
          ))}
        </Box>
      )}
    </Box>
  );
}
