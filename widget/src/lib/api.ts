/**
 * The widget's calls to our API (DESIGN §4a, §4b): open a pay session, quote the payment details (a
 * confirmation token), create and confirm the payment (the server confirms it), refresh it after a
 * 3-D Secure step. Errors carry the server's `{ error: { code, message } }` and the rest of its
 * answer (a changed quote, a declined payment, the time to wait).
 */
import { ApiError, readAnswer, requestJson, type RawAnswer } from '../../../client/http.ts';
import { fetchRaw, sessionUrl, takePrefetched, type SessionQuery } from '../../../client/session-request.ts';
import { randomId } from './ids.ts';

export { ApiError, readAnswer };
export type { SessionQuery };

const NETWORK_ERROR = 'Could not reach the payment server. Please check your connection and try again.';

export interface PaySession {
  paySessionId: string;
  merchant: {
    id: string;
    name: string;
    status: string;
    shortcode: string;
    ready: boolean;
    notReadyReason: string | null;
    /** Who the customer contacts when the page cannot take the payment. */
    contact?: { email: string; phone: string | null };
    /** The merchant's logo (https) and brand colour (#rrggbb), shown by the hosted pay page. */
    logoUrl?: string | null;
    brandColor?: string | null;
  };
  provider: { mode: 'sandbox' | 'stripe'; publishableKey: string | null; connectedAccountId: string | null };
  surcharge: { enabled: boolean; percentage: number; bps: number };
  platformFeeBps: number;
  /** AU BECS Direct Debit when the merchant offers it in this currency; `offered` null: the amount decides. */
  bankDebit?: {
    offered: boolean | null;
    minimumAmount: number | null;
    surchargeBps: number;
    surchargeCap: number | null;
    rule: string;
  } | null;
  invoice: {
    number: string;
    currency: string;
    linkAmount: number | null;
    balance: number | null;
    fullyPaid: boolean;
    /** `paid`: nothing due here; `below_minimum`: can't be paid by card; `open`: payable (DESIGN §3.3). */
    state?: 'open' | 'paid' | 'below_minimum';
    /** What this link alone would leave due, when another observation caps the balance lower. */
    cappedFrom?: number | null;
    history: HistoryEntry[];
  };
  limits: {
    minimum: number;
    /** The most one payment may take (before surcharge): within the card limit, never leaving less than the minimum. */
    maximum: number | null;
    maximumCharge?: number;
    minimumWaivedForFullBalance: boolean;
  };
}

export interface HistoryEntry {
  amount: number;
  surcharge: number;
  total: number;
  date: string;
  status: string;
}

export interface ServerBreakdown {
  amount: number;
  surcharge: number;
  total: number;
  platformFee: number;
  surchargeBps: number;
  surchargePercentage: number;
  rule: string;
}

export interface QuotedMethod {
  type: string;
  brand: string | null;
  funding: string | null;
  country: string | null;
  wallet: string | null;
  last4: string | null;
  /** "Visa credit", "Mastercard debit · Apple Pay" */
  label: string;
}

export interface Quote {
  quoteId: string;
  expiresAt: string;
  currency: string;
  confirmationToken: string;
  paymentMethod: QuotedMethod;
  breakdown: ServerBreakdown;
  remainingAfter: number | null;
}

/** What create-payment-intent answers: the payment as it stands, and what the widget does next. */
export interface CreatedPayment extends PaymentState {
  status: 'succeeded' | 'processing' | 'requires_action' | 'pending';
  paymentIntentId: string;
  /** Only for requires_action: for the 3-D Secure step (handleNextAction), nothing else. */
  clientSecret: string | null;
  breakdown: ServerBreakdown;
}

export interface WhereInput {
  paySessionId: string;
  invoiceNumber: string;
  currency: string;
  amount: number;
}

export interface PaymentState {
  paymentId: string;
  transactionId: string | null;
  status: string;
  invoice: string;
  currency: string;
  amount: number;
  surcharge: number;
  total: number;
  remaining: number | null;
  failure: { code: string | null; message: string | null } | null;
  /** `card` or `au_becs_debit`; a bank debit stays `processing` until it clears. */
  method?: string;
  /** A processing bank debit: the date (YYYY-MM-DD) it should have cleared by. */
  clearsBy?: string | null;
}

export class PayApi {
  constructor(readonly base: string) {}

  #call<T>(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<T> {
    return requestJson<T>(this.base + path, {
      method,
      json,
      headers,
      credentials: 'omit',
      networkMessage: NETWORK_ERROR,
    });
  }

  /** The pay session for a normalized link query (a hosted page may have fetched it already). */
  async session(q: SessionQuery): Promise<PaySession> {
    const url = sessionUrl(this.base, q);
    const parked = takePrefetched(url);
    let answer: RawAnswer;
    try {
      answer = await (parked ? parked.answer : fetchRaw(url));
    } catch (cause) {
      throw new ApiError(0, 'network', NETWORK_ERROR, null, { cause });
    }
    return readAnswer(answer);
  }

  /** The price of paying with these payment details (nothing is held). */
  quote(where: WhereInput, confirmationToken: string): Promise<Quote> {
    return this.#call('POST', '/api/payments/quote', {
      ...where,
      currency: where.currency.toLowerCase(),
      confirmationToken,
    });
  }

  /**
   * Create and confirm the payment the quote priced. A network failure or a server error without an
   * answer is retried (twice, with a pause) under the same Idempotency-Key: the server resumes the
   * same attempt, so a retry never charges twice.
   */
  async createPayment(
    input: WhereInput & { quote: Quote; customerEmail: string | null; reference: string | null },
  ): Promise<CreatedPayment> {
    const key = randomId();
    const { quote, reference, ...where } = input;
    const body = {
      ...where,
      reference: reference || undefined,
      currency: where.currency.toLowerCase(),
      confirmationToken: quote.confirmationToken,
      quoteId: quote.quoteId,
      customerEmail: input.customerEmail || undefined,
    };
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#call('POST', '/api/payments/create-payment-intent', body, {
          'idempotency-key': key,
        });
      } catch (err) {
        const retryable =
          err instanceof ApiError && (err.code === 'network' || err.status === 502 || err.status === 503);
        if (!retryable || attempt >= 2) throw err;
        await new Promise((r) => setTimeout(r, 400 * (attempt + 1)));
      }
    }
  }

  refresh(paymentId: string): Promise<PaymentState> {
    return this.#call('POST', `/api/pay/payments/${encodeURIComponent(paymentId)}/refresh`);
  }

  /** The sandbox provider's browser routes (what Stripe.js does against Stripe). */
  sandbox<T>(path: string, body: unknown): Promise<SandboxResult<T>> {
    return fetch(`${this.base}/api/sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    }).then(
      async (res) => {
        const json = (await res.json().catch(() => null)) as (T & { error?: SandboxError }) | null;
        if (json && 'error' in json && json.error) return { error: json.error };
        if (!res.ok || !json) return { error: { type: 'api_error', code: null, message: '' } };
        return { ok: json };
      },
      () => ({ error: { type: 'api_connection_error', code: null, message: '' } }),
    );
  }
}

export interface SandboxError {
  type: string;
  code: string | null;
  decline_code?: string;
  message: string;
  param?: string;
}

export type SandboxResult<T> = { ok: T; error?: undefined } | { error: SandboxError; ok?: undefined };
