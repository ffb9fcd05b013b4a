/**
 * The typed view of schema.sql for Kysely. Nullable columns are `T | null`; columns with a database
 * default are `Generated<T>`. Booleans are stored as 0/1 integers (portable across SQLite and
 * PostgreSQL); amounts are integer minor units.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = string;
type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  role: Generated<'user' | 'admin'>;
  email_verified_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  failed_login_count: Generated<number>;
  locked_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** In every access token; bumped by sign-out, password reset, refresh-token theft, role change. */
  session_version: Generated<number>;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface EmailsTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  status: Generated<'captured' | 'sent' | 'failed'>;
  error: string | null;
  created_at: Timestamp;
}

export interface MerchantsTable {
  id: string;
  shortcode: string;
  business_name: string;
  name: string;
  email: string;
  phone: string | null;
  description: string | null;
  status: Generated<string>;
  surcharge_enabled: Generated<Flag>;
  surcharge_bps: Generated<number>;
  surcharge_rules: string | null;
  country: Generated<string>;
  xero_payment_url: string | null;
  stripe_account_id: string | null;
  stripe_connect_id: string | null;
  stripe_onboarding_complete: Generated<Flag>;
  stripe_charges_enabled: Generated<Flag>;
  stripe_connect_status: string | null;
  metadata: string | null;
  make_webhook_url: string | null;
  make_scenario_id: string | null;
  webhook_secret: string | null;
  xero_integration_status: Generated<string>;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  last_updated: Timestamp;
  /** IANA time zone; accounting dates are the merchant's local date. */
  time_zone: Generated<string>;
  /** AU BECS Direct Debit offered on AUD invoices (migration 040). */
  becs_enabled: Generated<Flag>;
  /** Offered only on invoices of at least this amount (minor units); null: any amount. */
  becs_minimum_amount: number | null;
  /** The bank debit surcharge in basis points (0: none). */
  becs_surcharge_bps: Generated<number>;
  /** The most the bank debit surcharge may be (minor units); null: no cap. */
  becs_surcharge_cap: number | null;
  /** The hosted pay page's logo, an https URL (migration 050). */
  logo_url: string | null;
  /** The hosted pay page's brand colour, #rrggbb (migration 050). */
  brand_color: string | null;
  /** The automation webhook's payload version (api/accounting/webhook-events.ts). */
  webhook_version: Generated<WebhookVersion>;
  /** The secret before the last rotation (sealed), still signing deliveries until `…_until`. */
  webhook_secret_previous: string | null;
  webhook_secret_previous_until: Timestamp | null;
}

export type WebhookVersion = 'v1' | '2026-11';

export interface AccountingConnectionsTable {
  id: string;
  merchant_id: string;
  provider: 'xero' | 'quickbooks';
  tenant_id: string | null;
  tenant_name: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  token_expires_at: Timestamp | null;
  payment_account_code: string | null;
  surcharge_account_code: string | null;
  status: Generated<string>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Space-separated OAuth scopes granted; null when not recorded yet. */
  granted_scopes: string | null;
  /** Xero account code / QuickBooks item id that credit notes (credit refunds, write-offs) are booked to. */
  credit_account_code: string | null;
}

export interface InvoicesTable {
  id: string;
  merchant_id: string;
  invoice_number: string;
  currency: string;
  paid_amount: Generated<number>;
  reserved_amount: Generated<number>;
  written_back_amount: Generated<number>;
  credible_limit: number | null;
  version: Generated<number>;
  overpaid: Generated<Flag>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Admin write-offs plus credit refunds (DESIGN §3.3, §3.8). */
  written_off_amount: Generated<number>;
  attention: InvoiceAttention | null;
  /** The normalised invoice number (core/invoice-number.ts) that, with merchant and currency, identifies it. */
  number_key: string;
  /** When the balance through us reached 0 (`invoice.paid`); null while something is due. */
  paid_at: Timestamp | null;
}

export type InvoiceAttention = 'overpaid' | 'capped' | 'below_minimum';
export type ObservationSource = 'link' | 'typed' | 'live';

export interface InvoiceObservationsTable {
  id: string;
  invoice_id: string;
  amount: number;
  written_back_at_observation: number;
  credible: Generated<Flag>;
  observed_at: Timestamp;
  source: Generated<ObservationSource>;
  credible_at: Timestamp | null;
  dismissed_at: Timestamp | null;
  dismissed_by: string | null;
  dismissed_reason: string | null;
}

export interface InvoiceWriteOffsTable {
  id: string;
  invoice_id: string;
  amount: number;
  reason: string;
  observation_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  recorded_at: Timestamp | null;
  recorded_source: 'xero' | 'quickbooks' | 'webhook' | 'manual' | null;
  recorded_by: string | null;
}

export type PaymentStatus =
  | 'pending'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'failed'
  | 'canceled'
  | 'expired'
  | 'partially_refunded'
  | 'refunded';

export interface PaymentsTable {
  id: string;
  merchant_id: string;
  invoice_id: string | null;
  observation_id: string | null;
  invoice_number: string;
  currency: Generated<string>;
  amount: number;
  surcharge: Generated<number>;
  surcharge_bps: Generated<number>;
  surcharge_rule: string | null;
  platform_fee: Generated<number>;
  total_amount: number;
  refunded_amount: Generated<number>;
  refunded_surcharge: Generated<number>;
  link_amount: number | null;
  provider: Generated<string>;
  payment_intent_id: string | null;
  session_id: string | null;
  pay_session_id: string | null;
  stripe_connect_account_id: string | null;
  /** The provider create request's idempotency key; with the row, rebuilds that request exactly. */
  provider_idempotency_key: string | null;
  /**
   * Legacy rows (no confirmation token): the card the intent was created with. Server-confirmed rows:
   * the payment method the server's confirmation attached (a later success on another one is a
   * charged ≠ quoted difference).
   */
  payment_method_id: string | null;
  /** The confirmation token the server confirmed this attempt with (migration 002). */
  confirmation_token: string | null;
  /** JSON of the quoted method: { type, brand, funding, country, wallet } (migration 002). */
  quoted_method: string | null;
  /** JSON: the method charged differs from the quoted one (api/payments/method-match.ts). */
  method_mismatch: string | null;
  status: Generated<PaymentStatus>;
  reserved_until: Timestamp | null;
  customer_email: string | null;
  client_ip: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_funding: string | null;
  card_country: string | null;
  card_wallet: string | null;
  failure_code: string | null;
  failure_message: string | null;
  xero_sync_status: string | null;
  xero_sync_time: Timestamp | null;
  xero_sync_error: string | null;
  succeeded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The payment method type quoted and charged: `card` or `au_becs_debit` (migration 040). */
  method_type: Generated<PaymentMethodType>;
  /** Bank debits: the account's BSB (6 digits) and the last four digits of its number. */
  bank_bsb: string | null;
  bank_last4: string | null;
  /** Bank debits: the provider's mandate (the customer's Direct Debit Request). */
  mandate_reference: string | null;
  /** When the provider said `processing` (a bank debit under way). */
  processing_at: Timestamp | null;
  /** The merchant-local date (YYYY-MM-DD) a processing bank debit should have cleared by. */
  clears_by: string | null;
  /** The latest dispute's status (payment_disputes), null when never disputed. */
  dispute_status: string | null;
  /** The embedding page's reference (the widget's `reference` attribute; migration 050). */
  reference: string | null;
}

export type PaymentMethodType = 'card' | 'au_becs_debit';

export interface PaymentDisputesTable {
  id: string;
  payment_id: string;
  provider_dispute_id: string;
  amount: number;
  currency: string;
  reason: string | null;
  /** Stripe's dispute status: warning_needs_response, needs_response, under_review, won, lost, … */
  status: string;
  evidence_due_by: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PaymentNoticeKind = 'debit_cleared' | 'debit_failed' | 'merchant_debit_failed';

export interface PaymentNoticesTable {
  id: string;
  payment_id: string;
  kind: PaymentNoticeKind;
  to_address: string;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface DeclineCountersTable {
  scope: 'session' | 'invoice' | 'address';
  scope_key: string;
  window_start: Timestamp;
  declines: Generated<number>;
  last_decline_at: Timestamp;
  blocked_until: Timestamp | null;
}

export type DomainStatus = 'pending' | 'active' | 'inactive' | 'failed';

export interface PaymentMethodDomainsTable {
  id: string;
  merchant_id: string;
  domain: string;
  source: 'platform' | 'merchant';
  stripe_account_id: string | null;
  provider_domain_id: string | null;
  apple_pay_status: Generated<DomainStatus>;
  google_pay_status: Generated<DomainStatus>;
  status_detail: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefundsTable {
  id: string;
  payment_id: string;
  amount: number;
  surcharge: Generated<number>;
  platform_fee_refunded: Generated<number>;
  total_amount: number;
  provider_refund_id: string | null;
  status: Generated<'pending' | 'succeeded' | 'failed' | 'canceled'>;
  reason: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  kind: Generated<'credit' | 'reopen'>;
}

export interface AccountingWritebacksTable {
  id: string;
  invoice_id: string;
  payment_id: string;
  refund_id: string | null;
  subject_id: string;
  amount: number;
  source: 'xero' | 'quickbooks' | 'webhook' | 'manual';
  created_by: string | null;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  type: string;
  object_id: string | null;
  account_id: string | null;
  received_at: Timestamp;
  processed_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  idem_key: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  /** The payment this key stands for, fixed when the key is first claimed. */
  payment_id: string | null;
  /** When a run last claimed the key; NULL once no run holds it. */
  claimed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface OauthStatesTable {
  nonce: string;
  merchant_id: string;
  purpose: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

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
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface ProspectsTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company_name: string;
  source: Generated<string>;
  status: Generated<string>;
  created_at: Timestamp;
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

export interface BlogsTable {
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  content: string;
  author: string | null;
  image_url: string | null;
  tags: Generated<string>;
  status: Generated<'published' | 'draft'>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Timestamp;
}

/** Abuse-limit counters shared by the processes of one PostgreSQL database (api/rate-limit/postgres-store.ts). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  /** The key's first characters (`ip_test_a1b2c3`), to recognise it in lists. */
  prefix: string;
  /** SHA-256 (hex) of the whole key: the key itself is never stored. */
  key_hash: string;
  mode: 'live' | 'test';
  /** null: every merchant. */
  merchant_id: string | null;
  permission: 'read' | 'write';
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  created_by: string | null;
  created_by_email: string | null;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  created_at: Timestamp;
}

export interface PayLinksTable {
  id: string;
  merchant_id: string;
  invoice_id: string;
  observation_id: string;
  invoice_number: string;
  currency: string;
  amount: number;
  /** S when the link was made: its observation's S_i (DESIGN §3.3). */
  written_back_at_creation: number;
  reference: string | null;
  customer_email: string | null;
  short_code: string;
  expires_at: Timestamp | null;
  canceled_at: Timestamp | null;
  created_by: string | null;
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
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  account_tokens: AccountTokensTable;
  emails: EmailsTable;
  merchants: MerchantsTable;
  accounting_connections: AccountingConnectionsTable;
  invoices: InvoicesTable;
  invoice_observations: InvoiceObservationsTable;
  invoice_write_offs: InvoiceWriteOffsTable;
  payments: PaymentsTable;
  payment_disputes: PaymentDisputesTable;
  payment_notices: PaymentNoticesTable;
  decline_counters: DeclineCountersTable;
  payment_method_domains: PaymentMethodDomainsTable;
  refunds: RefundsTable;
  accounting_writebacks: AccountingWritebacksTable;
  payment_events: PaymentEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  oauth_states: OauthStatesTable;
  outbox: OutboxTable;
  accounting_records: AccountingRecordsTable;
  accounting_entries: AccountingEntriesTable;
  accounting_attention: AccountingAttentionTable;
  audit_log: AuditLogTable;
  prospects: ProspectsTable;
  webhook_tests: WebhookTestsTable;
  blogs: BlogsTable;
  schema_migrations: SchemaMigrationsTable;
  app_meta: AppMetaTable;
  rate_limit_counters: RateLimitCountersTable;
  api_keys: ApiKeysTable;
  pay_links: PayLinksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Merchant = Selectable<MerchantsTable>;
export type NewMerchant = Insertable<MerchantsTable>;
export type MerchantUpdate = Updateable<MerchantsTable>;
export type Invoice = Selectable<InvoicesTable>;
export type InvoiceUpdate = Updateable<InvoicesTable>;
export type InvoiceWriteOff = Selectable<InvoiceWriteOffsTable>;
export type Payment = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type PaymentUpdate = Updateable<PaymentsTable>;
export type Refund = Selectable<RefundsTable>;
export type PaymentDispute = Selectable<PaymentDisputesTable>;
export type PaymentNotice = Selectable<PaymentNoticesTable>;
export type PaymentMethodDomainRow = Selectable<PaymentMethodDomainsTable>;
export type OutboxJob = Selectable<OutboxTable>;
export type Blog = Selectable<BlogsTable>;
export type NewBlog = Insertable<BlogsTable>;
export type Prospect = Selectable<ProspectsTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type PayLink = Selectable<PayLinksTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
