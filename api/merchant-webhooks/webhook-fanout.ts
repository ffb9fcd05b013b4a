/**
 * One webhook event, sent to each of the merchant's receivers that enabled its type (DESIGN §4a):
 * the automation webhook (the spec's, set in the console) and any webhook endpoints
 * (`/api/v1/webhook_endpoints`). The event is stored once with both versions' bodies (its id is the
 * `2026-11` body's), and each receiver gets an outbox job with the body of its own payload version,
 * all in the transaction of what the event reports. The payload version shapes the body only: every
 * event type reaches every version.
 *
 * Idempotency-Keys: the automation webhook's keep their form from before endpoints existed
 * (`<event>:<subject>:automation_webhook`, so a receiver's deduplication carries on); an endpoint's
 * are `<type>:<subject>:endpoint:<id>`. A resend sends the same key and event id again.
 *
 * @example await emitWebhookEvent(trx, receivers, { type: 'invoice.paid', body, subject: `${invoice.id}@${invoice.paid_at}`, paymentId: cause.id }, now);
 */
import { fromMinorUnits } from '../../core/money.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { WebhookEndpoint, WebhookEventRow, WebhookVersion } from '../db/types.ts';
import { insertJob } from '../outbox/repository.ts';
import { enabledEndpoints, insertEventOnce } from './repository.ts';
import { EVENT_TYPES, type EventType, type WebhookEventBody } from './webhook-events.ts';
import type { AutomationPayload } from './webhook-payload.ts';
import { newRowId } from '../db/row-id.ts';

export type SentEventType = Exclude<EventType, 'test'>;

/** `*` in `enabled_events`: every type, those added later too. */
export const ALL_EVENTS = '*';

/** The spec's events: what a `v1` automation webhook gets unless it chose otherwise. */
export const SPEC_EVENTS: readonly SentEventType[] = [
  'payment.succeeded',
  'payment.refunded',
  'payment.write_off',
];

/** The name a `v1` body gives a type (the spec calls a refund `refund.succeeded`). */
export const v1EventName = (type: SentEventType) => (type === 'payment.refunded' ? 'refund.succeeded' : type);

/** The automation webhook's event types: its own choice, or its version's default. */
export function automationEvents(m: {
  webhook_enabled_events: string | null;
  webhook_version: WebhookVersion;
}): string[] {
  if (m.webhook_enabled_events) return JSON.parse(m.webhook_enabled_events) as string[];
  return m.webhook_version === 'v1' ? [...SPEC_EVENTS] : [ALL_EVENTS];
}

export const enables = (events: readonly string[], type: string) =>
  events.includes(ALL_EVENTS) || events.includes(type);

/** Event types as the API accepts them: known ones, `*` alone, no repeats. */
export function normaliseEnabledEvents(events: readonly string[]): string[] {
  const known = new Set<string>([...EVENT_TYPES, ALL_EVENTS]);
  const unknown = events.filter((e) => !known.has(e));
  if (unknown.length) throw new RangeError(`Unknown event type: ${unknown.join(', ')}`);
  return events.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(events)];
}

/** The merchant's receivers: its automation webhook (when a URL is saved) and its enabled endpoints. */
export interface Receivers {
  merchant: {
    id: string;
    make_webhook_url: string | null;
    webhook_version: WebhookVersion;
    webhook_enabled_events: string | null;
  };
  /** Null: not read yet (read only when the merchant may have some). */
  endpoints: WebhookEndpoint[] | null;
}

export interface EventSpec<T = unknown> {
  type: SentEventType;
  /** The `2026-11` body; its id is the event's. */
  body: WebhookEventBody<T>;
  /** The `v1` body; omitted: derived from the `2026-11` one (`v1NoticeBody`). */
  v1?: AutomationPayload;
  /** What happened, unique within the type (a payment id, a refund id, `<invoice>@<paid_at>`, …). */
  subject: string;
  /** The payment whose webhook events this one waits behind (its chain); also what a write-back records. */
  paymentId?: string | null;
  refundId?: string | null;
  writeOffId?: string | null;
}

/** What a stored event reports (its key is `<type>:<subject>`): a payment id, a refund id, … */
export const subjectOf = (event: Pick<WebhookEventRow, 'type' | 'event_key'>) =>
  event.event_key.slice(event.type.length + 1);

/** The Idempotency-Key a receiver gets for an event (the first delivery and every resend). */
export function sendKeyOf(
  event: Pick<WebhookEventRow, 'type' | 'event_key'>,
  endpointId: string | null,
  version: WebhookVersion,
): string {
  const subject = subjectOf(event);
  const type = event.type as SentEventType;
  return endpointId
    ? `${type}:${subject}:endpoint:${endpointId}`
    : `${version === 'v1' ? v1EventName(type) : type}:${subject}:automation_webhook`;
}

/**
 * Store the event and queue one job per receiver that enabled its type. Returns how many jobs were
 * queued (0 when no receiver wants it: the event is then not stored either).
 */
export async function emitWebhookEvent(
  db: DbOrTrx,
  receivers: Receivers,
  spec: EventSpec,
  at: Date,
): Promise<number> {
  const { merchant } = receivers;
  const toAutomation =
    !!merchant.make_webhook_url && enables(automationEvents(merchant), spec.type) ? merchant : null;
  const endpoints = (receivers.endpoints ?? (await enabledEndpoints(db, merchant.id))).filter((e) =>
    enables(JSON.parse(e.enabled_events) as string[], spec.type),
  );
  if (!toAutomation && endpoints.length === 0) return 0;
  const stamp = at.toISOString();
  const event = await insertEventOnce(db, {
    id: spec.body.id,
    merchant_id: merchant.id,
    type: spec.type,
    event_key: `${spec.type}:${spec.subject}`,
    payment_id: spec.paymentId ?? null,
    body: JSON.stringify(spec.body),
    v1_body: JSON.stringify(spec.v1 ?? v1NoticeBody(spec.type, spec.body)),
    created_at: stamp,
  });
  const targets = [
    ...(toAutomation ? [{ endpointId: null, version: toAutomation.webhook_version }] : []),
    ...endpoints.map((e) => ({ endpointId: e.id, version: e.api_version })),
  ];
  let queued = 0;
  for (const t of targets) {
    const key = sendKeyOf(event, t.endpointId, t.version);
    const inserted = await insertJob(db, {
      id: newRowId(),
      kind: 'automation_webhook',
      merchant_id: merchant.id,
      // Named, the payment puts this event in line behind that payment's earlier events to the
      // same receiver (the outbox sends them in order).
      payment_id: spec.paymentId ?? null,
      refund_id: spec.refundId ?? null,
      write_off_id: spec.writeOffId ?? null,
      endpoint_id: t.endpointId,
      event_id: event.id,
      idempotency_key: key,
      payload: t.version === '2026-11' ? event.body : event.v1_body,
      next_attempt_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    });
    if (inserted) queued++;
  }
  return queued;
}

/** Integer minor-unit fields of the integrator objects; a `v1` body shows them in major units. */
const MONEY_FIELDS = new Set([
  'amount',
  'surcharge',
  'total_amount',
  'platform_fee',
  'refunded_amount',
  'net_amount',
  'amount_due',
  'paid_amount',
  'reserved_amount',
  'written_off_amount',
  'written_back_amount',
]);

/**
 * The `v1` body of an event that records nothing (`payment.failed`, `refund.failed`,
 * `invoice.paid`, `payment.disputed`): the spec's top-level fields but no `Amount` (there is nothing
 * to record against the invoice), and the object under its own name with decimal amounts.
 */
export function v1NoticeBody(type: SentEventType, body: WebhookEventBody) {
  const object = body.data.object as Record<string, unknown> & {
    object: string;
    id: string;
    currency: string;
    invoice_number?: string;
    number?: string;
    date?: string;
    payment_intent_id?: string | null;
  };
  const decimal = Object.fromEntries(
    Object.entries(object).map(([k, v]) => [
      k,
      MONEY_FIELDS.has(k) && typeof v === 'number' ? Number(fromMinorUnits(v, object.currency)) : v,
    ]),
  );
  return {
    event: v1EventName(type),
    InvoiceNumber: object.invoice_number ?? object.number ?? '',
    Currency: object.currency,
    Date: object.date ?? body.created.slice(0, 10),
    Reference: object.payment_intent_id ?? object.id,
    [object.object]: decimal,
  };
}
