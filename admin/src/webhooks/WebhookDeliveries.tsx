/**
 * A merchant's automation webhook delivery attempts, newest first (the data provider's
 * `webhook-deliveries` resource): when, which event, the receiver's answer (or why none came) and
 * how long it took; each row opens to the request as signed (headers, body) and the response as
 * received (status, headers, first 4 KB of the body).
 */
import { Alert, Box, Button, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Fragment, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { dateTime } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { WebhookDelivery } from '../shared/types.ts';
import { HeadRow, hidden } from '../shared/HeadRow.tsx';
import { ScrollX } from '../shared/QueryCard.tsx';

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Exchange({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  const block = (title: string, headers: Record<string, string>, body: string) => (
    <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Typography variant="caption">{translate('console.deliveries.headers')}</Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflow: 'auto', fontSize: 12 }}>
        {Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}
      </Box>
      <Typography variant="caption">{translate('console.deliveries.body')}</Typography>
      <Box
        component="pre"
        sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflow: 'auto', maxHeight: 320, fontSize: 12 }}
      >
        {pretty(body)}
      </Box>
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', py: 1 }} data-testid="delivery-exchange">
      {block(translate('console.deliveries.request'), delivery.request.headers, delivery.request.body)}
      {delivery.response ? (
        block(
          `${translate('console.deliveries.response')} · HTTP ${delivery.response.status}`,
          delivery.response.headers,
          delivery.response.body,
        )
      ) : (
        <Alert severity="error" sx={{ flex: '1 1 320px' }}>
          {delivery.error ?? translate('console.deliveries.no_answer')}
        </Alert>
      )}
    </Box>
  );
}

export function WebhookDeliveries({ merchantId }: { merchantId: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<string | null>(null);
  const { data, isPending, error } = useGetList<WebhookDelivery>('webhook-deliveries', {
    filter: { merchant_id: merchantId },
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  return (
    <Box component="section" aria-labelledby="deliveries-title" sx={{ mt: 3 }}>
      <Typography id="deliveries-title" variant="subtitle2">
        {translate('console.deliveries.title')}
      </Typography>
      {error ? (
        <Alert severity="error">{translate('console.deliveries.load_failed')}</Alert>
      ) : isPending ? null : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('console.deliveries.none')}
        </Typography>
      ) : (
        // Wider than a phone: the table scrolls sideways in its card, never the page.
        <ScrollX>
          <Table size="small" data-testid="webhook-deliveries">
            <HeadRow
              columns={[
                'console.deliveries.when',
                'console.deliveries.event',
                'console.deliveries.result',
                'console.deliveries.duration',
                hidden('console.common.actions'),
              ]}
            />
            <TableBody>
              {data.map((d) => (
                <Fragment key={d.id}>
                  <TableRow>
                    <TableCell>{dateTime(d.created_at)}</TableCell>
                    <TableCell>
                      <code>{d.event}</code>
                    </TableCell>
                    <TableCell>
                      <StatusChip
                        status={d.success ? 'delivered' : 'failed'}
                        tone={d.success ? 'success' : 'error'}
                        label={
                          d.response ? `HTTP ${d.response.status}` : translate('console.deliveries.no_answer')
                        }
                      />
                    </TableCell>
                    <TableCell>{d.duration_ms} ms</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        aria-expanded={open === d.id}
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                      >
                        {translate(open === d.id ? 'console.deliveries.hide' : 'console.deliveries.show')}
                      </Button>
                    </TableCell>
                  </TableRow>
                  {open === d.id ? (
                    <TableRow>
                      <TableCell colSpan={5}>
                        <Exchange delivery={d} />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </ScrollX>
      )}
    </Box>
  );
}
