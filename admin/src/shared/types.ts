/**
 * The admin API's objects as the console reads them. Most are the server's own schemas
 * (client/api-types.ts, generated from /api/openapi.json by `npm run api-types`), so a field the
 * server renames or drops fails the console's type check. `Payment` and `Refund` are still written
 * here: the server documents the admin payment as a free-form record (api/payments/admin.ts), so
 * there is no schema to derive them from yet.
 */
import type { Schemas } from '../../../client/api-types.ts';

export type Stats = Schemas['AdminStats'];
export type CurrencyAmount = Stats['platform_revenue'][number];
export type SurchargeRule = Schemas['SurchargeRule'];
export type Merchant = Schemas['Merchant'];
export type Invoice = Schemas['AdminInvoice'];
/** GET/PUT /api/admin/merchants/{id}/webhook. */
export type WebhookSettings = Schemas['WebhookSettings'];
/** One automation webhook delivery attempt (GET /api/admin/webhook-deliveries). */
export type WebhookDelivery = Schemas['WebhookDelivery'];
/** An API key as the console lists it (never the key itself). */
export type ApiKey = Schemas['ApiKey'];
/** One logged test delivery of a merchant's automation webhook (webhook_tests). */
export type WebhookTest = Schemas['WebhookTestResult'];
/** The answer of a manual accounting sync. */
export type SyncResult = Schemas['SyncResult'];
/** The browser-safe configuration (GET /api/public/config). */
export type PublicConfig = Schemas['PublicConfig'];
export type Diagnostics = Schemas['AdminDiagnostics'];
/** A domain registered for wallets (Apple Pay, Google Pay) on the merchant's connected account. */
export type PaymentDomain = Schemas['PaymentMethodDomain'];

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
