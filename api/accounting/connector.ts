/**
 * `AccountingConnector`: the one small interface Xero and QuickBooks Online sit behind (each in its
 * own folder). Amounts cross it as integer minor units; the implementations convert to the API's
 * decimals. Errors are `ConnectorError`s that say whether a retry can help.
 */
import { parseJsonOr } from '../../core/json.ts';
import type { Config } from '../config.ts';

export type AccountingProvider = 'xero' | 'quickbooks';

export interface ExternalInvoice {
  id: string;
  number: string;
  currency: string;
  /** Minor units. */
  amountDue: number;
  status: string;
  /** Xero ContactID / QuickBooks CustomerRef: who the payment and surcharge are from. */
  contactId: string | null;
}

/** One line of an invoice as the tool shows it. Amounts in minor units. */
export interface InvoiceLine {
  description: string;
  /** Null when the tool keeps none (a description-only line). */
  quantity: number | null;
  unitAmount: number | null;
  /** The line's amount as the invoice shows it (tax exclusive or inclusive, as the invoice is). */
  amount: number;
}

/** What a customer sees on the invoice itself (the pay page's "Invoice details"). Minor units. */
export interface InvoiceContent {
  number: string;
  currency: string;
  /** YYYY-MM-DD, or null when the tool has none. */
  issueDate: string | null;
  dueDate: string | null;
  reference: string | null;
  lines: InvoiceLine[];
  subtotal: number;
  tax: number;
  total: number;
  amountDue: number;
}

/** An authorised API session: a current access token for one organisation (tenant / realm). */
export interface ConnectorSession {
  accessToken: string;
  tenantId: string;
  /** The scopes the connection was granted; null when not recorded (connected before we kept them). */
  scopes?: string[] | null;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
  /** The scopes granted, space-separated, when the provider says (Xero does). */
  scope: string | null;
}

export interface RecordInput {
  invoice: ExternalInvoice;
  /** Minor units, > 0. */
  amount: number;
  currency: string;
  /** YYYY-MM-DD, the merchant's local date. */
  date: string;
  reference: string;
  /** Xero account code / QuickBooks account id the money was deposited to (or paid from). */
  depositAccount: string;
  /** For the surcharge: the income account it is booked to. */
  incomeAccount?: string;
  /** Sent to the API so a repeated request creates nothing new. */
  idempotencyKey: string;
}

/** A credit note (Xero) / refund receipt or credit memo (QuickBooks) for part of an invoice. */
export interface CreditInput {
  invoice: ExternalInvoice;
  /** Minor units, > 0. */
  amount: number;
  currency: string;
  /** YYYY-MM-DD, the merchant's local date. */
  date: string;
  reference: string;
  description: string;
  /** Xero: the account code of the credit line; QuickBooks: the product/service (item) id. */
  creditAccount: string;
  /** Base of the per-step idempotency keys. */
  idempotencyKey: string;
}

export interface CreditRefundInput extends CreditInput {
  /** The bank account the refund is paid from. */
  depositAccount: string;
}

export interface ExternalRecord {
  id: string;
  number: string | null;
}

/**
 * The records a multi-call operation has created so far (kept in accounting_entries), so that a
 * retry after a failure between two calls resumes where it stopped instead of starting again.
 */
export interface StepLog {
  get(step: string): ExternalRecord | undefined;
  save(step: string, record: ExternalRecord, amount: number, date: string): Promise<void>;
}

/** An account (or, for QuickBooks credits, an item) to choose: what the settings store, and its name. */
export interface AccountChoice {
  /** Xero: the account code; QuickBooks: the account's or item's id. */
  code: string;
  name: string;
}

/**
 * The choices for the connection's settings, read from the tool (issue 50 item 1): where payments
 * are deposited (bank accounts, and accounts that take payments), where the surcharge is booked
 * (income), and what a credit is booked to (Xero: a revenue account on the credit note; QuickBooks:
 * the item on the refund receipt or credit memo).
 */
export interface AccountChoices {
  payment: AccountChoice[];
  surcharge: AccountChoice[];
  credit: AccountChoice[];
}

export interface AccountingConnector {
  readonly provider: AccountingProvider;
  readonly label: string;
  /** The steps (StepLog names) a credit refund and a write-off are made of, in order. */
  readonly creditRefundSteps: readonly string[];
  readonly writeOffSteps: readonly string[];
  authorizeUrl(params: { redirectUri: string; state: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Best effort: tell the provider we no longer hold the tokens. */
  revoke(refreshToken: string): Promise<void>;
  /** The organisation the tokens give access to (Xero: from /connections; QuickBooks: the callback's realmId). */
  tenantFor(
    accessToken: string,
    callback: { realmId?: string | null },
  ): Promise<{ tenantId: string; tenantName: string | null }>;
  /** The organisation's IANA time zone, when the tool has one (Xero); null otherwise. */
  organisationTimeZone(s: ConnectorSession): Promise<string | null>;
  /** The accounts (and QuickBooks items) the settings may name, active ones only, by name. */
  accountChoices(s: ConnectorSession): Promise<AccountChoices>;
  findInvoice(s: ConnectorSession, invoiceNumber: string): Promise<ExternalInvoice | null>;
  /** The invoice's lines, dates and totals (Xero `GET /Invoices/{id}`; QuickBooks `GET /invoice/{id}`). */
  invoiceContent(s: ConnectorSession, invoice: ExternalInvoice): Promise<InvoiceContent>;
  /** The tool's own PDF of the invoice (Xero with Accept: application/pdf; QuickBooks `/invoice/{id}/pdf`). */
  invoicePdf(s: ConnectorSession, invoice: ExternalInvoice): Promise<Uint8Array>;
  /** The invoice (base) part as a payment on the invoice; returns its id. */
  createPayment(s: ConnectorSession, input: RecordInput): Promise<string>;
  /** Whether our payment still exists there, and whether it is reconciled (null: it is gone). */
  paymentState(s: ConnectorSession, paymentId: string): Promise<{ reconciled: boolean } | null>;
  /**
   * Lower the payment on the invoice to `input.amount`, or delete it (`input` null). Returns the id
   * of the payment that now holds the amount (Xero deletes and re-creates; QuickBooks updates).
   */
  changePayment(
    s: ConnectorSession,
    paymentId: string,
    input: RecordInput | null,
    deleteKey: string,
  ): Promise<string | null>;
  /** The surcharge as money received, separately from the invoice (it is not on the invoice). */
  createSurcharge(s: ConnectorSession, input: RecordInput): Promise<string>;
  /** The surcharge part of a refund as money paid out, on the refund's date. */
  refundSurcharge(s: ConnectorSession, input: RecordInput): Promise<string>;
  /** A credit refund: the refunded base credited and paid back from the bank account on the refund's date. */
  recordCreditRefund(s: ConnectorSession, input: CreditRefundInput, steps: StepLog): Promise<void>;
  /** A write-off: the remainder credited against the invoice. */
  recordWriteOff(s: ConnectorSession, input: CreditInput, steps: StepLog): Promise<void>;
}

export class ConnectorError extends Error {
  readonly status: number | null;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  /** The tokens are no longer valid: an admin must connect again. */
  readonly reconnect: boolean;
  constructor(
    message: string,
    o: {
      status?: number | null;
      retryable: boolean;
      retryAfterMs?: number;
      reconnect?: boolean;
      /** The failure this one reports (a network error, a timeout). */
      cause?: unknown;
    },
  ) {
    super(message, o.cause === undefined ? undefined : { cause: o.cause });
    this.name = 'ConnectorError';
    this.status = o.status ?? null;
    this.retryable = o.retryable;
    this.retryAfterMs = o.retryAfterMs;
    this.reconnect = o.reconnect ?? false;
  }
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** JSON (object) or form (URLSearchParams). */
  body?: unknown;
  timeoutMs: number;
}

/** A network failure or timeout of a call to the tool: retryable. */
function unreachable(label: string, err: unknown, timeoutMs: number): ConnectorError {
  const e = err as Error;
  const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : e.message;
  return new ConnectorError(`Could not reach ${label} (${why})`, { retryable: true, cause: err });
}

/**
 * fetch with a timeout; returns status and parsed JSON (or text). Network failures and timeouts
 * become retryable `ConnectorError`s. The base URLs come from configuration, not from admins.
 */
export async function callApi(
  label: string,
  call: HttpCall,
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  let body: string | undefined;
  if (call.body instanceof URLSearchParams) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = call.body.toString();
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(call.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    throw unreachable(label, err, call.timeoutMs);
  }
  const text = await res.text();
  // Not JSON (a proxy's HTML error page): the text itself, for the error message.
  return { status: res.status, body: text ? parseJsonOr(text, text) : null, headers: res.headers };
}

/** Largest invoice PDF taken from a tool (a usual invoice is tens of kilobytes). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/**
 * A PDF from the tool: `Accept: application/pdf`, at most MAX_PDF_BYTES. A 2xx answer that is not a
 * PDF is the tool's mistake (retryable); a non-2xx answer is classified by `errorFor`.
 */
export async function fetchPdf(
  label: string,
  call: Omit<HttpCall, 'body' | 'method'>,
  message: (body: unknown) => string,
): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(call.url, {
      headers: { ...call.headers, accept: 'application/pdf' },
      signal: AbortSignal.timeout(call.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    throw unreachable(label, err, call.timeoutMs);
  }
  if (res.status < 200 || res.status >= 300) {
    const text = await res.text();
    throw errorFor(label, res.status, message(text ? parseJsonOr(text, text) : null), res.headers);
  }
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_PDF_BYTES) {
    await res.body?.cancel();
    throw new ConnectorError(`${label}'s invoice PDF is larger than we serve`, { retryable: false });
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const isPdf = /application\/pdf/i.test(res.headers.get('content-type') ?? '') && bytes[0] === 0x25; // "%PDF"
  if (!isPdf) throw new ConnectorError(`${label} did not answer with a PDF`, { retryable: true });
  if (bytes.length > MAX_PDF_BYTES)
    throw new ConnectorError(`${label}'s invoice PDF is larger than we serve`, { retryable: false });
  return bytes;
}

/** Classify a non-2xx answer: 429/5xx retry (honouring Retry-After), 401 means refresh the token, other 4xx are final. */
export function errorFor(label: string, status: number, message: string, headers: Headers): ConnectorError {
  const ra = headers.get('retry-after');
  const retryAfterMs = ra && /^\d+$/.test(ra.trim()) ? Number(ra.trim()) * 1000 : undefined;
  if (status === 429)
    return new ConnectorError(`${label} rate limit reached; will retry${ra ? ` after ${ra} s` : ''}`, {
      status,
      retryable: true,
      retryAfterMs,
    });
  if (status >= 500)
    return new ConnectorError(`${label} is unavailable (HTTP ${status})${message ? `: ${message}` : ''}`, {
      status,
      retryable: true,
      retryAfterMs,
    });
  if (status === 401)
    return new ConnectorError(`${label} refused the access token`, { status, retryable: true });
  return new ConnectorError(`${label} refused the request (HTTP ${status})${message ? `: ${message}` : ''}`, {
    status,
    retryable: false,
  });
}

export function basicAuth(clientId: string | null, clientSecret: string | null, label: string): string {
  if (!clientId || !clientSecret)
    throw new ConnectorError(`${label} is not configured on this server (client id and secret)`, {
      retryable: false,
    });
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

/**
 * The OAuth 2 token endpoint call both providers make the same way (authorization code or refresh
 * token grant, client id and secret as Basic auth). `invalid_grant` means the authorisation is gone:
 * a final error that asks the admin to connect again.
 */
export async function requestTokens(o: {
  label: string;
  url: string;
  clientId: string | null;
  clientSecret: string | null;
  form: Record<string, string>;
  timeoutMs: number;
  /** Seconds, when the answer names no `expires_in`. */
  defaultExpiresIn: number;
  messageOf(body: unknown): string;
}): Promise<TokenSet> {
  const res = await callApi(o.label, {
    method: 'POST',
    url: o.url,
    headers: { authorization: basicAuth(o.clientId, o.clientSecret, o.label) },
    body: new URLSearchParams(o.form),
    timeoutMs: o.timeoutMs,
  });
  if (res.status === 400 && res.body?.error === 'invalid_grant')
    throw new ConnectorError(
      `${o.label} no longer accepts this connection (the authorisation expired or was revoked): connect ${o.label} again`,
      { status: 400, retryable: false, reconnect: true },
    );
  if (res.status !== 200) throw errorFor(o.label, res.status, o.messageOf(res.body), res.headers);
  return {
    accessToken: res.body.access_token,
    refreshToken: res.body.refresh_token,
    expiresIn: Number(res.body.expires_in ?? o.defaultExpiresIn),
    scope: typeof res.body.scope === 'string' ? res.body.scope : null,
  };
}

export type ConnectorConfig = Pick<Config, 'xero' | 'quickbooks'> & { timeoutMs: number };
