/**
 * The widget's calls to our API (DESIGN §4a): open a pay session, create a payment, refresh it
 * after the browser confirmed it. Errors carry the server's `{ error: { code, message } }`.
 */
import { randomId } from './ids.ts';
import {
  fetchRaw,
  sessionUrl,
  takePrefetched,
  type RawAnswer,
  type SessionQuery,
} from './session-request.ts';

export type { SessionQuery };

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
  };
  provider: { mode: 'sandbox' | 'stripe'; publishableKey: string | null; connectedAccountId: string | null };
  surcharge: { enabled: boolean; percentage: number; bps: number };
  platformFeeBps: number;
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

export interface CreatedPayment {
  clientSecret: string;
  paymentIntentId: string;
  paymentId: string;
  stripeConnectAccountId: string;
  currency: string;
  breakdown: ServerBreakdown;
  remainingAfter: number | null;
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
}

/** A JSON answer, or the server's `{ error: { code, message } }` as an ApiError. */
export function readAnswer<T>({ status, text }: RawAnswer): T {
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (status < 200 || status > 299) {
    const err = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(
      status,
      err?.code ?? 'http_error',
      err?.message ?? (text.slice(0, 200) || `HTTP ${status}`),
    );
  }
  return parsed as T;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class PayApi {
  constructor(readonly base: string) {}

  async #call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new ApiError(
        0,
        'network',
        'Could not reach the payment server. Please check your connection and try again.',
      );
    }
    return readAnswer<T>({ status: res.status, text: await res.text() });
  }

  /** The pay session for a normalized link query (a hosted page may have fetched it already). */
  async session(q: SessionQuery): Promise<PaySession> {
    const url = sessionUrl(this.base, q);
    const parked = takePrefetched(url);
    let answer: RawAnswer;
    try {
      answer = await (parked ? parked.answer : fetchRaw(url));
    } catch {
      throw new ApiError(
        0,
        'network',
        'Could not reach the payment server. Please check your connection and try again.',
      );
    }
    return readAnswer(answer);
  }

  /** Create the payment; a network failure is retried once with the same Idempotency-Key. */
  async createPayment(input: {
    paySessionId: string;
    amount: number;
    currency: string;
    paymentMethodId: string;
    customerEmail: string | null;
    invoiceNumber: string;
  }): Promise<CreatedPayment> {
    const key = randomId();
    const body = {
      ...input,
      currency: input.currency.toLowerCase(),
      customerEmail: input.customerEmail || undefined,
    };
    try {
      return await this.#call('POST', '/api/payments/create-payment-intent', body, {
        'idempotency-key': key,
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'network') {
        return this.#call('POST', '/api/payments/create-payment-intent', body, { 'idempotency-key': key });
      }
      throw err;
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
