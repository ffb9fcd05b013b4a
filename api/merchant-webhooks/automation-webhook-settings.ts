/**
 * The automation webhook's settings as the console edits them (URL, optional scenario id,
 * SSRF-checked; payload version; enabled events) and the test send, logged in webhook_tests. The
 * deliveries themselves: automation-webhook.ts.
 */
import type { z } from '@hono/zod-openapi';
import type { Selectable } from 'kysely';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { WebhookTestsTable, WebhookVersion } from '../db/types.ts';
import { transact } from '../db/transact.ts';
import { AppError } from '../errors.ts';
import { setAutomationWebhook } from '../merchants/rows.ts';
import { getMerchantOr404, type Actor } from '../merchants/service.ts';
import { postSignedWebhook } from './automation-webhook.ts';
import { receiverUrl } from './receiver-url.ts';
import { insertWebhookTest } from './repository.ts';
import { testEvent, WEBHOOK_VERSIONS } from './webhook-events.ts';
import { automationEvents, normaliseEnabledEvents } from './webhook-fanout.ts';
import { buildTestPayload } from './webhook-payload.ts';
import type { WebhookBodySchema } from './webhook-schemas.ts';
import { webhookSecretFor } from './webhook-secret.ts';

export const CONFIGURE_WEBHOOK_FIRST = 'Please configure the webhook URL first';

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
