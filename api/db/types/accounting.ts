/** Kysely table types (api/db/types.ts): Accounting sync: records and entries in the tools, needs attention, the outbox, webhook tests and deliveries. */
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.ts';
import type { WebhookVersion } from './merchants.ts';

export interface AccountingRecordsTable {
  payment_id: string;
  provider: 'xero' | 'quickbooks';
  external_invoice_id: string | null;
  external_payment_id: string | null;
  payment_amount: Generated<number>;
  external_surcharge_id: string | null;
  surcharge_amount: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountingEntriesTable {
  id: string;
  provider: 'xero' | 'quickbooks';
  merchant_id: string;
  payment_id: string | null;
  subject_type: 'refund' | 'write_off';
  subject_id: string;
  step: string;
  external_id: string;
  external_number: string | null;
  amount: number;
  currency: string;
  entry_date: string;
  created_at: Timestamp;
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
}

export interface AccountingAttentionTable {
  subject_id: string;
  subject_type: 'refund' | 'write_off';
  provider: 'xero' | 'quickbooks';
  merchant_id: string;
  payment_id: string | null;
  message: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OutboxTable {
  id: string;
  kind: 'automation_webhook' | 'xero' | 'quickbooks';
  merchant_id: string;
  payment_id: string | null;
  refund_id: string | null;
  idempotency_key: string;
  payload: string;
  status: Generated<'pending' | 'processing' | 'delivered' | 'failed' | 'canceled'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  last_response_status: number | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  write_off_id: string | null;
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
  /** A webhook job's endpoint (migration 071); null: the automation webhook (or not a webhook job). */
  endpoint_id: string | null;
  /** The webhook event delivered (migration 071). */
  event_id: string | null;
  /** The Idempotency-Key sent, when not `idempotency_key` (a resend repeats the first delivery's). */
  send_key: string | null;
  /** The format of its kind the job is written in (migration 074; api/outbox/repository.ts). */
  format: Generated<number>;
}

export interface WebhookTestsTable {
  id: string;
  merchant_id: string;
  webhook_url: string;
  test_data: string;
  status: string;
  response_status: number | null;
  error_message: string | null;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: string;
  merchant_id: string;
  outbox_id: string | null;
  event: string;
  url: string;
  /** JSON object of the headers sent. */
  request_headers: string;
  request_body: string;
  response_status: number | null;
  /** JSON object, or null when no answer came. */
  response_headers: string | null;
  /** The first 4 KB of the answer. */
  response_body: string | null;
  error: string | null;
  duration_ms: Generated<number>;
  created_at: Timestamp;
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
}

export interface WebhookEndpointsTable {
  id: string;
  merchant_id: string;
  url: string;
  description: string | null;
  /** JSON array of event types; ["*"]: every type. */
  enabled_events: string;
  api_version: WebhookVersion;
  status: Generated<'enabled' | 'disabled'>;
  /** Sealed (secret-box.ts, context `webhook_endpoint:<id>:secret`). */
  secret: string;
  secret_previous: string | null;
  secret_previous_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  seq: Generated<number>;
  /** The member who made it (signed in, or behind the API key); null: not recorded (before migration 076). */
  created_by: string | null;
}

export interface WebhookEventsTable {
  /** `evt_…`, the id in the 2026-11 body. */
  id: string;
  merchant_id: string;
  type: string;
  /** `<type>:<subject>`: one event per thing that happened. */
  event_key: string;
  payment_id: string | null;
  /** The 2026-11 body. */
  body: string;
  /** The v1 (spec §7) body. */
  v1_body: string;
  created_at: Timestamp;
  seq: Generated<number>;
}
