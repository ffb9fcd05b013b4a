/**
 * The typed view of schema.sql for Kysely. Nullable columns are `T | null`; columns with a database
 * default are `Generated<T>`. Booleans are stored as 0/1 integers (portable across SQLite and
 * PostgreSQL); amounts are integer minor units. The tables are declared by area in `types/`.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AccountTokensTable,
  EmailsTable,
  MerchantInvitationsTable,
  MerchantMembersTable,
  RefreshTokensTable,
  UsersTable,
} from './types/auth.ts';
import type {
  AccountingConnectionsTable,
  ChallengeUsesTable,
  DeclineCountersTable,
  UnpaidHoldsTable,
  MerchantsTable,
  PaymentMethodDomainsTable,
} from './types/merchants.ts';
import type { InvoiceObservationsTable, InvoiceWriteOffsTable, InvoicesTable } from './types/invoices.ts';
import type {
  AccountingWritebacksTable,
  IdempotencyKeysTable,
  OauthStatesTable,
  PaymentDisputesTable,
  PaymentEventsTable,
  PaymentNoticesTable,
  PaymentsTable,
  RefundsTable,
} from './types/payments.ts';
import type {
  AccountingAttentionTable,
  AccountingEntriesTable,
  AccountingRecordsTable,
  OutboxTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
  WebhookTestsTable,
} from './types/accounting.ts';
import type {
  ApiKeysTable,
  AppMetaTable,
  AuditLogTable,
  BlogsTable,
  PayLinksTable,
  ProspectsTable,
  RateLimitCountersTable,
  SchemaMigrationsTable,
  WidgetReleaseFilesTable,
  WidgetReleasesTable,
} from './types/platform.ts';
export * from './types/auth.ts';
export * from './types/merchants.ts';
export * from './types/invoices.ts';
export * from './types/payments.ts';
export * from './types/accounting.ts';
export * from './types/platform.ts';

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  account_tokens: AccountTokensTable;
  emails: EmailsTable;
  merchants: MerchantsTable;
  merchant_members: MerchantMembersTable;
  merchant_invitations: MerchantInvitationsTable;
  accounting_connections: AccountingConnectionsTable;
  invoices: InvoicesTable;
  invoice_observations: InvoiceObservationsTable;
  invoice_write_offs: InvoiceWriteOffsTable;
  payments: PaymentsTable;
  payment_disputes: PaymentDisputesTable;
  payment_notices: PaymentNoticesTable;
  decline_counters: DeclineCountersTable;
  challenge_uses: ChallengeUsesTable;
  unpaid_holds: UnpaidHoldsTable;
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
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  widget_releases: WidgetReleasesTable;
  widget_release_files: WidgetReleaseFilesTable;
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
export type NewInvoiceWriteOff = Insertable<InvoiceWriteOffsTable>;
export type Payment = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type PaymentUpdate = Updateable<PaymentsTable>;
export type Refund = Selectable<RefundsTable>;
export type NewRefund = Insertable<RefundsTable>;
export type RefundUpdate = Updateable<RefundsTable>;
export type PaymentDispute = Selectable<PaymentDisputesTable>;
export type NewPaymentEvent = Insertable<PaymentEventsTable>;
export type NewPaymentDispute = Insertable<PaymentDisputesTable>;
export type PaymentNotice = Selectable<PaymentNoticesTable>;
export type PaymentMethodDomainRow = Selectable<PaymentMethodDomainsTable>;
export type OutboxJob = Selectable<OutboxTable>;
export type Blog = Selectable<BlogsTable>;
export type NewBlog = Insertable<BlogsTable>;
export type Prospect = Selectable<ProspectsTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type PayLink = Selectable<PayLinksTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;
export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
