/**
 * The merchant's automation webhook (Make, Zapier, n8n): signed deliveries of the spec §7 body from
 * the outbox (its settings and test send: automation-webhook-settings.ts). A 2xx answer to a
 * payment, refund or write-off delivery is a write-back (DESIGN §3.3): the receiver
 * acknowledged it, so it counts as recorded.
 */
import type { AppDeps } from '../context.ts';
import type { OutboxJob, WebhookVersion } from '../db/types.ts';
import type { WritebackInput } from '../invoices/holds.ts';
import { findMerchantEvenDeleted } from '../merchants/rows.ts';
import { sendOutbound, OutboundTimeoutError } from '../net/outbound.ts';
import { OutboundUrlError, outboundPolicyOf } from '../net/ssrf.ts';
import type { DeliveryOutcome } from '../outbox/delivery.ts';
import { endpointSigningSecrets } from './endpoint-secrets.ts';
import { findEndpoint } from './repository.ts';
import { recordDeliveryAttempt } from './webhook-deliveries.ts';
import { eventOfBody, settledRefundPayload, WRITEBACK_EVENTS } from './webhook-events.ts';
import { signatureHeader, SIGNATURE_HEADER } from './webhook-payload.ts';
import { signingSecretsFor } from './webhook-secret.ts';

export const VERSION_HEADER = 'X-InvoicePay-Webhook-Version';

export interface WebhookAttempt {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  retryAfterMs?: number;
  /** The URL was refused by the SSRF guard: retrying will not help until it is changed. */
  refused?: boolean;
}

/** Parse Retry-After (seconds or an HTTP date) into milliseconds from `now`. */
export function retryAfterMs(value: string | string[] | null | undefined, now: Date): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/**
 * POST a signed body to the merchant's URL once, and log the attempt (request and answer) for the
 * console. Signed with every secret valid now (two during a rotation's overlap). Never throws for
 * delivery problems.
 */
export async function postSignedWebhook(
  deps: AppDeps,
  merchantId: string,
  url: string,
  body: string,
  meta: {
    event: string;
    version: WebhookVersion;
    idempotencyKey: string;
    deliveryId: string;
    outboxId: string | null;
    /** The stored event's id (`evt_…`), the same on every delivery and resend of it. */
    eventId?: string | null;
    /** An endpoint's signing secrets; omitted: the automation webhook's (the merchant's). */
    secrets?: string[];
  },
): Promise<WebhookAttempt> {
  const now = deps.clock.now();
  const secrets = meta.secrets ?? (await signingSecretsFor(deps, deps.database.db, merchantId));
  const headers = {
    'content-type': 'application/json',
    'user-agent': `${deps.config.productName}-Webhooks/1.0`,
    'idempotency-key': meta.idempotencyKey,
    'x-invoicepay-event': meta.event,
    ...(meta.eventId ? { 'x-invoicepay-event-id': meta.eventId } : {}),
    'x-invoicepay-delivery': meta.deliveryId,
    [VERSION_HEADER.toLowerCase()]: meta.version,
    [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secrets, body, now),
  };
  const started = performance.now();
  const log = {
    merchantId,
    outboxId: meta.outboxId,
    event: meta.event,
    url,
    requestHeaders: headers,
    requestBody: body,
  };
  try {
    const res = await sendOutbound(
      { method: 'POST', url, body, timeoutMs: deps.config.outbox.timeoutMs, headers },
      outboundPolicyOf(deps),
    );
    await recordDeliveryAttempt(deps, {
      ...log,
      responseStatus: res.status,
      responseHeaders: res.headers,
      responseBody: res.body,
      error: null,
      durationMs: performance.now() - started,
    });
    if (res.status >= 200 && res.status < 300) return { ok: true, responseStatus: res.status, error: null };
    const snippet = res.body.trim().slice(0, 200);
    return {
      ok: false,
      responseStatus: res.status,
      error: `The webhook answered HTTP ${res.status}${snippet ? `: ${snippet}` : ''}`,
      retryAfterMs: retryAfterMs(res.headers['retry-after'], now),
    };
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const attempt: WebhookAttempt =
      err instanceof OutboundUrlError
        ? { ok: false, responseStatus: null, error: err.message, refused: true }
        : {
            ok: false,
            responseStatus: null,
            error: `Could not reach the webhook (${err instanceof OutboundTimeoutError ? err.message : `${e.code ?? 'error'}: ${e.message}`})`,
          };
    await recordDeliveryAttempt(deps, {
      ...log,
      responseStatus: null,
      responseHeaders: null,
      responseBody: null,
      error: attempt.error,
      durationMs: performance.now() - started,
    });
    return attempt;
  }
}

/** Where a webhook job goes: the automation webhook, or one endpoint (null when it no longer takes it). */
async function receiverOf(deps: AppDeps, job: OutboxJob) {
  if (!job.endpoint_id) {
    const merchant = await findMerchantEvenDeleted(deps.database.db, job.merchant_id);
    if (!merchant?.make_webhook_url) return { gone: 'The webhook URL was removed before delivery' };
    return { url: merchant.make_webhook_url, secrets: undefined };
  }
  const endpoint = await findEndpoint(deps.database.db, job.endpoint_id);
  if (!endpoint || endpoint.deleted_at) return { gone: 'The webhook endpoint was deleted before delivery' };
  if (endpoint.status !== 'enabled') return { gone: 'The webhook endpoint was disabled before delivery' };
  return { url: endpoint.url, secrets: endpointSigningSecrets(deps, endpoint) };
}

export async function deliverAutomationWebhook(
  deps: AppDeps,
  job: OutboxJob,
): Promise<DeliveryOutcome<WritebackInput>> {
  const receiver = await receiverOf(deps, job);
  if ('gone' in receiver) return { type: 'cancel', reason: receiver.gone ?? 'Gone' };
  const payload = await settledRefundPayload(deps.database.db, job);
  const { event, version } = eventOfBody(payload);
  const attempt = await postSignedWebhook(deps, job.merchant_id, receiver.url, payload, {
    event,
    version,
    idempotencyKey: job.send_key ?? job.idempotency_key,
    deliveryId: job.id,
    outboxId: job.id,
    eventId: job.event_id,
    secrets: receiver.secrets,
  });
  // Only a payment, refund or write-off acknowledged by the automation webhook (the spec's, which
  // records in the books) is money recorded; an endpoint's 2xx is an acknowledgement only.
  const writeback = WRITEBACK_EVENTS.has(event) && !job.endpoint_id;
  if (attempt.ok)
    return {
      type: 'delivered',
      responseStatus: attempt.responseStatus,
      writebacks: !writeback
        ? []
        : job.write_off_id
          ? [{ writeOffId: job.write_off_id, source: 'webhook' }]
          : job.payment_id
            ? [{ paymentId: job.payment_id, refundId: job.refund_id, source: 'webhook' }]
            : [],
    };
  return {
    type: 'retry',
    error: attempt.error ?? 'Delivery failed',
    responseStatus: attempt.responseStatus,
    retryAfterMs: attempt.retryAfterMs,
    permanent: attempt.refused,
  };
}
