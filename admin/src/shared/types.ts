/** The admin API's objects as the console reads them (see api/merchants/schema.ts, api/payments/admin.ts, api/admin-console). */
export interface CurrencyAmount {
  currency: string;
  amount: number;
}

export interface Stats {
  total_merchants: number;
  active_merchants: number;
  onboarded_percentage: number;
  total_payments: number;
  platform_revenue: CurrencyAmount[];
  payment_volume: CurrencyAmount[];
  platform_fee_bps: number;
  series: Array<{ date: string; payments: number; revenue: CurrencyAmount[] }>;
  series_from: string;
  series_to: string;
}

export interface SurchargeRule {
  funding?: 'credit' | 'debit' | 'prepaid';
  brand?: string;
  region?: 'domestic' | 'international';
  percentage: number;
}

export interface Merchant {
  id: string;
  shortcode: string;
  business_name: string;
  name: string;
  email: string;
  phone: string | null;
  description: string | null;
  status: string;
  country: string;
  time_zone: string;
  /** The hosted pay page's logo (https) and brand colour (#rrggbb), or null. */
  logo_url: string | null;
  brand_color: string | null;
  surcharge_enabled: boolean;
  surcharge_percentage: number;
  surcharge_rules: SurchargeRule[];
  xero_payment_url: string | null;
  payment_url: string;
  stripe_account_id: string | null;
  stripe_onboarding_complete: boolean;
  stripe_charges_enabled: boolean;
  stripe_connect_status: string | null;
  make_webhook_url: string | null;
  make_scenario_id: string | null;
  xero_integration_status: string;
  created_at: string;
  last_updated: string;
}

export interface Refund {
  id: string;
  amount: number;
  surcharge: number;
  total_amount: number;
  platform_fee_refunded: number;
  status: string;
  /** credit: no longer owed (the balance does not change); reopen: owed again (DESIGN §3.8). */
  kind: 'credit' | 'reopen';
  reason: string | null;
  created_at: string;
}

export interface Payment {
  id: string;
  merchant_id: string;
  merchant_name: string | null;
  invoice_id: string | null;
  invoice_number: string;
  currency: string;
  amount: number;
  surcharge: number;
  surcharge_percentage: number;
  platform_fee: number;
  total_amount: number;
  refunded_amount: number;
  refunded_surcharge: number;
  net_amount: number;
  link_amount: number | null;
  status: string;
  payment_intent_id: string | null;
  session_id: string | null;
  customer_email: string | null;
  /** The embedding page's reference (the widget's `reference` attribute), or null. */
  reference: string | null;
  card: { brand: string | null; last4: string | null; funding: string | null; country: string | null } | null;
  failure_code: string | null;
  failure_message: string | null;
  xero_sync_status: string | null;
  xero_sync_time: string | null;
  xero_sync_error: string | null;
  succeeded_at: string | null;
  created_at: string;
  invoice_overpaid?: boolean;
  refunds?: Refund[];
}

export interface Invoice {
  id: string;
  merchant_id: string;
  merchant_name: string | null;
  invoice_number: string;
  currency: string;
  paid_amount: number;
  reserved_amount: number;
  written_back_amount: number;
  written_off_amount: number;
  credible_limit: number | null;
  balance: number | null;
  overpaid: boolean;
  overpaid_amount: number;
  /** Why it is listed under Needs attention, if it is. */
  attention: 'overpaid' | 'capped' | 'below_minimum' | null;
  updated_at: string;
}

/** One logged test delivery of a merchant's automation webhook (webhook_tests). */
/** GET/PUT /api/admin/merchants/{id}/webhook. */
export interface WebhookSettings {
  merchant_id: string;
  make_webhook_url: string | null;
  make_scenario_id: string | null;
  xero_integration_status: string;
  has_secret: boolean;
  payload_version: 'v1' | '2026-11';
  previous_secret_valid_until: string | null;
}

/** One automation webhook delivery attempt (GET /api/admin/webhook-deliveries). */
export interface WebhookDelivery {
  id: string;
  merchant_id: string;
  outbox_id: string | null;
  event: string;
  url: string;
  success: boolean;
  request: { headers: Record<string, string>; body: string };
  response: { status: number; headers: Record<string, string>; body: string } | null;
  error: string | null;
  duration_ms: number;
  created_at: string;
}

/** An API key as the console lists it (never the key itself). */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  mode: 'live' | 'test';
  merchant_id: string | null;
  merchant_name: string | null;
  scope: 'merchant' | 'all';
  permission: 'read' | 'write';
  status: 'active' | 'revoked' | 'expired';
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  created_by: string | null;
  created_by_email: string | null;
  created_at: string;
}

export interface WebhookTest {
  id?: string;
  success?: boolean;
  status: string;
  response_status: number | null;
  error_message: string | null;
  webhook_url?: string;
  created_at?: string;
}

/** The answer of a manual accounting sync. */
export interface SyncResult {
  mode: string;
  synced: boolean;
  message: string | null;
}

/** The browser-safe configuration (GET /api/public/config). */
export interface PublicConfig {
  productName: string;
  paymentsMode: 'sandbox' | 'stripe';
  publishableKey: string | null;
  publicBaseUrl: string;
}

export interface Diagnostics {
  database: {
    connected: boolean;
    latency_ms: number | null;
    error: string | null;
    dialect: 'sqlite' | 'postgres';
  };
  payments_provider: string;
  version: string;
  node_version: string;
  public_base_url: string;
  user: { id: string; email: string; role: string } | null;
  merchants: Array<{
    id: string;
    business_name: string;
    name: string;
    email: string;
    status: string;
    surcharge_percentage: number;
    surcharge_enabled: boolean;
  }>;
  checked_at: string;
}

/** A domain registered for wallets (Apple Pay, Google Pay) on the merchant's connected account. */
export interface PaymentDomain {
  id: string;
  domain: string;
  source: 'platform' | 'merchant';
  status: 'pending' | 'active' | 'inactive' | 'failed';
  apple_pay: string;
  google_pay: string;
  detail: string | null;
}
