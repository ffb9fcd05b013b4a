/**
 * The sandbox provider's tables (schema.sql) as Kysely types: the stand-in for Stripe's own storage.
 */
import type { Kysely, Transaction } from 'kysely';

export interface SandboxTables {
  sandbox_settings: { key: string; value: string };
  sandbox_accounts: {
    id: string;
    type: 'standard' | 'express';
    email: string | null;
    business_name: string | null;
    charges_enabled: number;
    details_submitted: number;
    payouts_enabled: number;
    deauthorized: number;
    created: number;
  };
  sandbox_account_links: {
    token: string;
    account_id: string;
    business_name: string | null;
    refresh_url: string;
    return_url: string;
    expires_at: number;
    used_at: number | null;
  };
  sandbox_oauth_codes: { code: string; account_id: string; expires_at: number; used_at: number | null };
  sandbox_payment_methods: {
    id: string;
    account_id: string | null;
    test_card: string;
    brand: string;
    last4: string;
    funding: string;
    country: string;
    created: number;
    /** `card`, `au_becs_debit` or `payto`. */
    type: string;
    bsb_number: string | null;
    billing_name: string | null;
    billing_email: string | null;
    /** PayTo: the test PayID (null for a BSB + account number). */
    pay_id: string | null;
  };
  sandbox_payment_intents: {
    id: string;
    account_id: string;
    client_secret: string;
    amount: number;
    currency: string;
    application_fee_amount: number;
    description: string | null;
    metadata: string;
    receipt_email: string | null;
    status: string;
    payment_method_id: string | null;
    last_error: string | null;
    charge_id: string | null;
    amount_refunded: number;
    application_fee_refunded: number;
    canceled_at: number | null;
    created: number;
    /** JSON list of allowed payment method types; null: card only. */
    payment_method_types: string | null;
    /**
     * A processing bank debit succeeds or fails at this time (ms); a PayTo request waiting for the
     * customer (`requires_action`) is answered by their bank then (payto.ts).
     */
    settles_at: number | null;
    mandate_id: string | null;
  };
  sandbox_refunds: {
    id: string;
    payment_intent_id: string;
    amount: number;
    application_fee_refunded: number;
    status: string;
    metadata: string;
    created: number;
  };
  sandbox_confirmation_tokens: {
    id: string;
    account_id: string | null;
    payment_method_id: string;
    created: number;
    expires_at: number;
    payment_intent_id: string | null;
    /** JSON of the customer's mandate acceptance (bank debits). */
    mandate_data: string | null;
  };
  sandbox_payment_method_domains: {
    id: string;
    account_id: string;
    domain_name: string;
    enabled: number;
    apple_pay_status: 'active' | 'inactive';
    google_pay_status: 'active' | 'inactive';
    error_message: string | null;
    created: number;
  };
  sandbox_idempotency: {
    account_id: string;
    idempotency_key: string;
    operation: string;
    request_hash: string;
    response: string;
    created: number;
  };
  sandbox_disputes: {
    id: string;
    account_id: string;
    payment_intent_id: string;
    charge_id: string;
    amount: number;
    currency: string;
    reason: string;
    status: string;
    created: number;
  };
  sandbox_events: {
    id: string;
    seq: number;
    type: string;
    account_id: string | null;
    payload: string;
    created: number;
    status: 'pending' | 'delivered' | 'failed';
    attempts: number;
    next_attempt_at: number;
    last_status: number | null;
    last_error: string | null;
    delivered_at: number | null;
  };
}

export type SandboxDb = Kysely<SandboxTables>;
export type SandboxTrx = Transaction<SandboxTables>;
export type AccountRow = SandboxTables['sandbox_accounts'];
export type IntentRow = SandboxTables['sandbox_payment_intents'];
export type PaymentMethodRow = SandboxTables['sandbox_payment_methods'];
export type RefundRow = SandboxTables['sandbox_refunds'];
export type EventRow = SandboxTables['sandbox_events'];
export type TokenRow = SandboxTables['sandbox_confirmation_tokens'];
export type DomainRow = SandboxTables['sandbox_payment_method_domains'];
export type DisputeRow = SandboxTables['sandbox_disputes'];
