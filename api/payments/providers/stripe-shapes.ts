/**
 * The structural subset of Stripe's objects that we read (stripe-objects.ts maps them to our
 * provider types). The SDK's own types satisfy these, and so do the sandbox's rows rendered as
 * Stripe objects, so neither provider depends on the other's types.
 */
export interface CardLike {
  brand?: string | null;
  last4?: string | null;
  funding?: string | null;
  country?: string | null;
  wallet?: { type?: string | null } | null;
}

export interface BankAccountLike {
  bsb_number?: string | null;
  last4?: string | null;
  mandate?: string | null;
  /** PayTo: the PayID the customer named (null for a BSB + account number). */
  pay_id?: string | null;
}

export interface BillingDetailsLike {
  email?: string | null;
  name?: string | null;
}

export interface ConfirmationTokenLike {
  id: string;
  expires_at?: number | null;
  payment_intent?: string | null;
  mandate_data?: { customer_acceptance?: { type?: string | null } | null } | null;
  payment_method_preview?: {
    type?: string | null;
    card?: CardLike | null;
    au_becs_debit?: BankAccountLike | null;
    payto?: BankAccountLike | null;
    billing_details?: BillingDetailsLike | null;
  } | null;
}

export interface DisputeLike {
  id: string;
  amount: number;
  currency: string;
  charge?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
  reason?: string | null;
  status: string;
  evidence_details?: { due_by?: number | null } | null;
}

export interface DomainStatusLike {
  status?: string | null;
  status_details?: { error_message?: string | null } | null;
}

export interface PaymentMethodDomainLike {
  id: string;
  domain_name: string;
  enabled?: boolean | null;
  apple_pay?: DomainStatusLike | null;
  google_pay?: DomainStatusLike | null;
}

export interface PaymentMethodLike {
  id: string;
  type?: string | null;
  card?: CardLike | null;
  au_becs_debit?: BankAccountLike | null;
  payto?: BankAccountLike | null;
  billing_details?: BillingDetailsLike | null;
}

export interface RefundLike {
  id: string;
  amount: number;
  status?: string | null;
  payment_intent?: string | { id: string } | null;
}

export interface ChargeLike {
  id: string;
  amount_refunded: number;
  payment_intent?: string | { id: string } | null;
  payment_method?: string | null;
  payment_method_details?: {
    card?: CardLike | null;
    au_becs_debit?: BankAccountLike | null;
    payto?: BankAccountLike | null;
  } | null;
  refunds?: { data: RefundLike[] } | null;
}

export interface PaymentErrorLike {
  type?: string;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
  payment_method?: PaymentMethodLike | null;
}

export interface PaymentIntentLike {
  id: string;
  client_secret?: string | null;
  status: string;
  amount: number;
  currency: string;
  application_fee_amount?: number | null;
  metadata?: Record<string, string> | null;
  created: number;
  payment_method?: string | PaymentMethodLike | null;
  latest_charge?: string | ChargeLike | null;
  last_payment_error?: PaymentErrorLike | null;
}

export interface AccountLike {
  id: string;
  charges_enabled?: boolean | null;
  details_submitted?: boolean | null;
  payouts_enabled?: boolean | null;
}

export interface EventLike {
  id: string;
  type: string;
  account?: string | null;
  created: number;
  data: { object: unknown };
}
