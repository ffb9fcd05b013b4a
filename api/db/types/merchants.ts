/** Kysely table types (api/db/types.ts): Merchants, their accounting connection, decline counters and payment method domains. */
import type { Generated } from 'kysely';
import type { Timestamp, Flag } from './columns.ts';

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
  /** PayTo offered on AUD invoices (migration 072); the minimum, surcharge and cap as for BECS. */
  payto_enabled: Generated<Flag>;
  payto_minimum_amount: number | null;
  payto_surcharge_bps: Generated<number>;
  payto_surcharge_cap: number | null;
  /** The hosted pay page's logo, an https URL (migration 050). */
  logo_url: string | null;
  /** The hosted pay page's brand colour, #rrggbb (migration 050). */
  brand_color: string | null;
  /** The automation webhook's payload version (api/merchant-webhooks/webhook-events.ts). */
  webhook_version: Generated<WebhookVersion>;
  /** The secret before the last rotation (sealed), still signing deliveries until `…_until`. */
  webhook_secret_previous: string | null;
  webhook_secret_previous_until: Timestamp | null;
  /** Ordinary (unsigned) pay links show the invoice's lines, dates and PDF (migration 066). */
  invoice_details_on_links: Generated<0 | 1>;
  /** The most a staff member may refund at once (minor units); null: any amount (migration 069). */
  staff_refund_limit: number | null;
  /** The operator's review (migration 077): why the status was last set (a suspension's reason), when, by whom. */
  status_reason: string | null;
  status_changed_at: Timestamp | null;
  status_changed_by: string | null;
  /** When the surcharge was chosen (migration 078); null: the default, not confirmed yet. */
  surcharge_chosen_at: Timestamp | null;
  /** The automation webhook's event types, a JSON array; null: its version's default (migration 071). */
  webhook_enabled_events: string | null;
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

export interface DeclineCountersTable {
  scope: 'session' | 'invoice' | 'address' | 'merchant' | 'platform';
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

/** A proof-of-work challenge already used for a quote (api/payments/create/challenge.ts). */
export interface ChallengeUsesTable {
  challenge: string;
  expires_at: Timestamp;
}

/** A session's or address's hold that ended unpaid: its next hold on the merchant's invoices needs the challenge. */
export interface UnpaidHoldsTable {
  merchant_id: string;
  scope: 'session' | 'address';
  scope_key: string;
  ended_at: Timestamp;
}
