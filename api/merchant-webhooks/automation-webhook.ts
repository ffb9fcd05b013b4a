/**
 * The merchant's automation webhook (Make, Zapier, n8n): signed deliveries of the spec §7 body from
 * the outbox, the admin's settings (URL, optional scenario id, SSRF-checked) and the test send that
 * is logged in webhook_tests. A 2xx answer to a payment, refund or write-off delivery is a write-back
 * (DESIGN §3.3): the receiver acknowledged it, so it counts as recorded.
 */
import type { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { OutboxJob, WebhookTestsTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { getMerchantOr404, type Actor } from '../merchants/service.ts';
import { sendOutbound, OutboundTimeoutError } from '../net/outbound.ts';
import { OutboundUrlError, outboundPolicyOf } from '../net/ssrf.ts';
import type { WritebackInput } from '../invoices/holds.ts';
import type { DeliveryOutcome } from '../outbox/delivery.ts';
import type { WebhookVersion } from '../db/types.ts';
import { recordDeliveryAttempt } from './webhook-deliveries.ts';
import {
  eventOfBody,
  settledRefundPayload,
  testEvent,
  WEBHOOK_VERSIONS,
  WRITEBACK_EVENTS,
} from './webhook-events.ts';
import { buildTestPayload, signatureHeader, SIGNATURE_HEADER } from './webhook-payload.ts';
import type { WebhookBodySchema } from './webhook-schemas.ts';
import { signingSecretsFor, webhookSecretFor } from './webhook-secret.ts';
import { findMerchantEvenDeleted, setAutomationWebhook } from '../merchants/rows.ts';
import { insertWebhookTest } from './repository.ts';
import { findEndpoint } from './repository.ts';
import { receiverUrl } from './receiver-url.ts';
import { automationEvents, normaliseEnabledEvents } from './webhook-fanout.ts';
import { endpointSigningSecrets } from './endpoint-secrets.ts';
import { transact } from '../db/transact.ts';

export const VERSION_HEADER = 'X-InvoicePay-Webhook-Version';

export const CONFIGURE_WEBHOOK_FIRST = 'Please configure the webhook URL first';

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

export function webhookSettingsOf(
  m: {
    id: string;
    make_webhook_url: string | null;
    make_scenario_id: string | null;
    xero_integration_status: string;
    webhook_secret: string | null;
    webhook_version: WebhookVersion;
    webhook_secret_previous_until: string | null;
    webhook_enabled_events: string | null;
  },
  now: Date,
) {
  const until = m.webhook_secret_previous_until;
  return {
    merchant_id: m.id,
    make_webhook_url: m.make_webhook_url,
    make_scenario_id: m.make_scenario_id,
    xero_integration_status: m.xero_integration_status,
    has_secret: !!m.webhook_secret,
    payload_version: m.webhook_version,
    enabled_events: automationEvents(m),
    previous_secret_valid_until: until && until > now.toISOString() ? until : null,
  };
}

/** Save the URL (SSRF-checked) and scenario id; an empty URL switches the webhook off. */
export async function saveWebhookSettings(
  deps: AppDeps,
  merchantId: string,
  input: {
    webhook_url?: string | null;
    scenario_id?: string | null;
    payload_version?: WebhookVersion | null;
    /** Undefined: unchanged; null: the version's default. */
    enabled_events?: string[] | null;
  },
  actor: Actor,
) {
  const before = await getMerchantOr404(deps, merchantId);
  const version = input.payload_version ?? before.webhook_version;
  if (!WEBHOOK_VERSIONS.includes(version))
    throw new AppError('validation_failed', `Unknown payload version: ${String(version)}`, {
      field: 'payload_version',
    });
  const typed = input.webhook_url?.trim() || null;
  const url = typed && (await receiverUrl(deps, typed, 'webhook_url'));
  let events = before.webhook_enabled_events;
  if (input.enabled_events !== undefined) {
    try {
      events = input.enabled_events && JSON.stringify(normaliseEnabledEvents(input.enabled_events));
    } catch (err) {
      throw new AppError('validation_failed', (err as Error).message, { field: 'enabled_events' });
    }
  }
  const scenario = input.scenario_id?.trim() || null;
  const now = deps.clock.now().toISOString();
  await transact(deps.database, async (trx) => {
    await setAutomationWebhook(
      trx,
      merchantId,
      {
        make_webhook_url: url,
        make_scenario_id: scenario,
        xero_integration_status: url ? 'configured' : 'not_configured',
        webhook_version: version,
        webhook_enabled_events: events,
      },
      now,
    );
    if (url) await webhookSecretFor(deps, trx, merchantId);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.webhook_update',
        targetType: 'merchant',
        targetId: merchantId,
        details: {
          webhook_url: url,
          scenario_id: scenario,
          payload_version: version,
          enabled_events: events ? (JSON.parse(events) as string[]) : null,
        },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  return webhookSettingsOf(await getMerchantOr404(deps, merchantId), deps.clock.now());
}

/** Send the spec's sample to the saved URL now and log the attempt in webhook_tests. */
export async function sendTestWebhook(deps: AppDeps, merchantId: string, actor: Actor) {
  const merchant = await getMerchantOr404(deps, merchantId);
  if (!merchant.make_webhook_url)
    throw new AppError('validation_failed', CONFIGURE_WEBHOOK_FIRST, { field: 'make_webhook_url' });
  // In the merchant's payload version: the spec's sample (v1), or a `test` event (2026-11).
  const payload =
    merchant.webhook_version === '2026-11'
      ? testEvent(merchant, deps.clock.now())
      : buildTestPayload(merchant, deps.clock.now());
  const body = JSON.stringify(payload);
  const id = crypto.randomUUID();
  const attempt = await postSignedWebhook(deps, merchant.id, merchant.make_webhook_url, body, {
    event: 'test',
    version: merchant.webhook_version,
    idempotencyKey: `test:${id}`,
    deliveryId: id,
    outboxId: null,
  });
  const row = {
    id,
    merchant_id: merchant.id,
    webhook_url: merchant.make_webhook_url,
    test_data: body,
    status: attempt.ok ? ('success' as const) : ('failed' as const),
    response_status: attempt.responseStatus,
    error_message: attempt.error,
    created_at: deps.clock.now().toISOString(),
  };
  await transact(deps.database, async (trx) => {
    await insertWebhookTest(trx, row);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.webhook_test',
        targetType: 'merchant',
        targetId: merchant.id,
        details: { status: row.status, response_status: row.response_status },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  return toApiWebhookTest(row);
}

/** A test delivery as the API shows it (the list of tests and the answer to a new one). */
export function toApiWebhookTest(row: Selectable<WebhookTestsTable>) {
  const success = row.status === 'success';
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    webhook_url: row.webhook_url,
    // The body that was sent (stored by us as JSON).
    test_data: JSON.parse(row.test_data) as z.infer<typeof WebhookBodySchema>,
    status: success ? ('success' as const) : ('failed' as const),
    success,
    response_status: row.response_status,
    error_message: row.error_message,
    created_at: row.created_at,
  };
}
