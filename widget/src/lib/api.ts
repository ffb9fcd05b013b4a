/**
 * The widget's calls to our API (DESIGN §4a, §4b): open a pay session, quote the payment details (a
 * confirmation token), create and confirm the payment (the server confirms it), refresh it after a
 * 3-D Secure step. Errors carry the server's `{ error: { code, message } }` and the rest of its
 * answer (a changed quote, a declined payment, the time to wait).
 */
import { ApiError, readAnswer, requestJson, type RawAnswer } from '../../../client/http.ts';
import { fetchRaw, sessionUrl, takePrefetched, type SessionQuery } from '../../../client/session-request.ts';
import type { Schemas } from '../../../client/api-types.ts';
import { randomId } from './ids.ts';
import { solveChallenge, type Challenge } from '../../../core/proof-of-work.ts';

export { ApiError, readAnswer };
export type { SessionQuery };

/** How long the page keeps asking for a payment's answer before it says it could not confirm it. */
export const CHECK_FOR_MS = 180_000;

export const NETWORK_ERROR =
  'Could not reach the payment server. Please check your connection and try again.';

/** The server's answers, as its OpenAPI document describes them (client/api-types.ts, generated). */
export type PaySession = Schemas['PaySession'];
export type HistoryEntry = PaySession['invoice']['history'][number];
export type Quote = Schemas['Quote'];
/** The invoice itself, from the merchant's Xero or QuickBooks (GET /api/pay/invoice). */
export type InvoiceDetails = Schemas['InvoiceDetails'];
/** What create-payment-intent answers: the payment as it stands, and what the widget does next. */
export type CreatedPayment = Schemas['CreatePaymentResponse'];
export type PaymentState = Schemas['PaymentState'];
/** What the sandbox's browser routes answer for a refused card (as Stripe.js reports it). */
export type SandboxError = Schemas['SandboxError']['error'];

export interface WhereInput {
  paySessionId: string;
  invoiceNumber: string;
  currency: string;
  amount: number;
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

  /** The invoice's lines, dates and PDF for a link whose session says they may be shown. */
  invoiceDetails(q: SessionQuery): Promise<InvoiceDetails> {
    const params = new URLSearchParams();
    for (const key of ['merchant', 'shortcode', 'invoice', 'amount', 'currency'] as const) {
      const v = q[key];
      if (v) params.set(key, v);
    }
    return this.#call('GET', `/api/pay/invoice?${params}`);
  }

  /**
   * The price of paying with these payment details (nothing is held). Past a card-testing ceiling
   * the server first asks for a proof of work (428 with a challenge): solved here, then asked again.
   */
  async quote(where: WhereInput, confirmationToken: string): Promise<Quote> {
    const body = { ...where, currency: where.currency.toLowerCase(), confirmationToken };
    try {
      return await this.#call<Quote>('POST', '/api/payments/quote', body);
    } catch (err) {
      const challenge =
        err instanceof ApiError && err.status === 428 ? (err.body?.challenge as Challenge) : null;
      if (!challenge) throw err;
      const proofOfWork = await solveChallenge(challenge);
      if (!proofOfWork) throw err;
      return this.#call<Quote>('POST', '/api/payments/quote', { ...body, proofOfWork });
    }
  }

  /**
   * Create and confirm the payment the quote priced. No answer yet — a network failure, a server
   * error, or another server still holding the run (409 with `retryAfterSeconds`: it may have died,
   * and its claim lapses then) — is asked again under the same Idempotency-Key for up to
   * CHECK_FOR_MS, `onChecking` telling the page: the server resumes the same attempt, so a retry
   * never charges twice, and the page ends on the provider's outcome.
   */
  async createPayment(
    input: WhereInput & { quote: Quote; customerEmail: string | null; reference: string | null },
    onChecking?: () => void,
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
    const until = Date.now() + CHECK_FOR_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#call('POST', '/api/payments/create-payment-intent', body, {
          'idempotency-key': key,
        });
      } catch (err) {
        const e = err as ApiError;
        const later = Number(e.body?.retryAfterSeconds) * 1000;
        if (!(e.code === 'network' || e.status === 502 || e.status === 503 || later) || Date.now() > until)
          throw err;
        onChecking?.();
        await new Promise((r) => setTimeout(r, Math.min(5000, later || 400 * 2 ** attempt)));
      }
    }
  }

  refresh(paymentId: string): Promise<PaymentState> {
    return this.#call('POST', `/api/pay/payments/${encodeURIComponent(paymentId)}/refresh`);
  }

  /**
   * The payment as our server has it now (no provider call): what the page watches while the
   * customer approves a PayTo payment in their banking app. Only the pay session that made it may.
   */
  watch(paymentId: string, paySessionId: string): Promise<PaymentState> {
    return this.#call(
      'GET',
      `/api/pay/payments/${encodeURIComponent(paymentId)}?paySessionId=${encodeURIComponent(paySessionId)}`,
    );
  }

  /** The sandbox's stand-in for the customer's banking app, where a PayTo request is approved (test mode). */
  sandboxBankUrl(paymentIntentId: string, paySessionId: string): string {
    return `${this.base}/api/sandbox/payto/${encodeURIComponent(paymentIntentId)}?paySessionId=${encodeURIComponent(paySessionId)}`;
  }

  /**
   * The customer left a card check unfinished: end the attempt so it holds nothing (DESIGN §3.4).
   * While the page is being closed the request goes as a beacon (it outlives the page; a POST with
   * no body needs no CORS preflight); otherwise as a call whose answer is the payment as it stands.
   */
  abandon(paymentId: string, paySessionId: string, leaving = false): Promise<PaymentState | null> {
    const path =
      `/api/pay/payments/${encodeURIComponent(paymentId)}/abandon` +
      `?paySessionId=${encodeURIComponent(paySessionId)}`;
    if (leaving) {
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(this.base + path))
        return Promise.resolve(null);
      void fetch(this.base + path, { method: 'POST', keepalive: true, credentials: 'omit' }).catch(() => {});
      return Promise.resolve(null);
    }
    return this.#call('POST', path);
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

export type SandboxResult<T> = { ok: T; error?: undefined } | { error: SandboxError; ok?: undefined };
