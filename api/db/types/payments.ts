/** Kysely table types (api/db/types.ts): Payments, disputes, notices, refunds, write-backs, provider events, idempotency keys and OAuth states. */
import type { Generated } from 'kysely';
import type { PaymentStatus } from '../../../core/payment-status.ts';
import type { Timestamp } from './columns.ts';

export { PAYMENT_STATUSES, type PaymentStatus } from '../../../core/payment-status.ts';

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
  /** JSON: the method charged differs from the quoted one (api/payments/create/method-match.ts). */
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
  /** The payment method type quoted and charged: `card`, `au_becs_debit` (migration 040) or `payto` (072). */
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
  /** PayTo: the PayID paid from, masked (migration 072); null for a BSB + account number. */
  payto_pay_id: string | null;
  /** The embedding page's reference (the widget's `reference` attribute; migration 050). */
  reference: string | null;
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
  /** The integrator's metadata, a JSON object of strings (core/metadata.ts; migration 070). */
  metadata: string | null;
}

export type PaymentMethodType = 'card' | 'au_becs_debit' | 'payto';

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
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
}

export type PaymentNoticeKind =
  'debit_cleared' | 'debit_failed' | 'merchant_debit_failed' | 'card_receipt' | 'refund_issued';

export interface PaymentNoticesTable {
  id: string;
  payment_id: string;
  kind: PaymentNoticeKind;
  /** A refund's id for a refund's notice; '' for a payment's (migration 079). */
  ref: Generated<string>;
  to_address: string;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: Timestamp | null;
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
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
  /** The integrator's metadata, a JSON object of strings (core/metadata.ts; migration 070). */
  metadata: string | null;
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
  /** Tie-breaker after created_at (migration 067, api/db/sequence.ts); 0 for older rows. */
  seq: Generated<number>;
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
