/**
 * Every automation webhook delivery attempt — outbox deliveries and the console's test sends — with
 * the request as sent (headers, body) and the answer as received (status, headers, the first 4 KB
 * of the body) or why none came, for the console (Merchant Details → Automation webhook → Delivery
 * attempts) and `GET /api/admin/webhook-deliveries`. Kept for `DELIVERY_RETENTION_DAYS`: each new
 * attempt first drops the expired ones (an indexed range, usually empty).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AppDeps } from '../context.ts';
import type { WebhookDelivery } from '../db/types.ts';
import { defineList } from '../http/simple-rest.ts';
import { logWebhookDelivery } from './repository.ts';
import { newRowId } from '../db/row-id.ts';

export const DELIVERY_RETENTION_DAYS = 30;
const MAX_STORED_BODY = 4096;

export interface AttemptRecord {
  merchantId: string;
  outboxId: string | null;
  event: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseHeaders: IncomingHttpHeaders | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

function flatHeaders(h: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

/** Store one attempt. Never throws (a delivery's outcome does not depend on its log). */
export async function recordDeliveryAttempt(deps: AppDeps, a: AttemptRecord): Promise<void> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  try {
    await logWebhookDelivery(
      deps.database.db,
      {
        id: newRowId(),
        merchant_id: a.merchantId,
        outbox_id: a.outboxId,
        event: a.event,
        url: a.url,
        request_headers: JSON.stringify(a.requestHeaders),
        request_body: a.requestBody,
        response_status: a.responseStatus,
        response_headers: a.responseHeaders ? JSON.stringify(flatHeaders(a.responseHeaders)) : null,
        response_body: a.responseBody === null ? null : a.responseBody.slice(0, MAX_STORED_BODY),
        error: a.error,
        duration_ms: Math.round(a.durationMs),
        created_at: now.toISOString(),
      },
      cutoff,
    );
  } catch (err) {
    deps.logger.warn(
      { merchantId: a.merchantId, err: (err as Error).message },
      'could not log a webhook delivery',
    );
  }
}

export function toApiDelivery(d: WebhookDelivery) {
  return {
    id: d.id,
    merchant_id: d.merchant_id,
    outbox_id: d.outbox_id,
    event: d.event,
    url: d.url,
    success: d.response_status !== null && d.response_status >= 200 && d.response_status < 300,
    request: { headers: JSON.parse(d.request_headers) as Record<string, string>, body: d.request_body },
    response:
      d.response_status === null
        ? null
        : {
            status: d.response_status,
            headers: d.response_headers ? (JSON.parse(d.response_headers) as Record<string, string>) : {},
            body: d.response_body ?? '',
          },
    error: d.error,
    duration_ms: d.duration_ms,
    created_at: d.created_at,
  };
}

export const deliveryList = defineList({
  resource: 'webhook-deliveries',
  sortable: { id: 'id', created_at: 'created_at', event: 'event', response_status: 'response_status' },
  defaultSort: ['created_at', 'DESC'],
  sequence: 'seq',
  tiebreaker: 'id',
  filters: {
    merchant_id: { column: 'merchant_id' },
    outbox_id: { column: 'outbox_id' },
    event: { column: 'event' },
    id: { column: 'id' },
  },
});
