/**
 * A local stand-in for api.stripe.com and connect.stripe.com: a `node:http` server on 127.0.0.1
 * (random port) that records every request (method, path, query, headers, form parameters) and
 * answers with Stripe-shaped JSON, keeping just enough state (intents, payment methods,
 * confirmation tokens, payment method domains) for a contract test. Tests point the real SDK at it
 * with STRIPE_API_BASE and can script any answer (e.g. a card_declined error) with
 * `fake.on(method, path, handler)`.
 *
 * Confirmation tokens behave as Stripe's: `addConfirmationToken` makes one on a connected account
 * with a card preview and the outcome its card will have (or a bank account for AU BECS Direct
 * Debit, with the mandate the Payment Element collects); creating an intent with
 * `confirm=true&confirmation_token=…` uses it once (on its own account only, its type among the
 * intent's `allowed_payment_method_types`) and confirms: succeeded, requires_action (3-D Secure), or a
 * 402 card_error carrying the intent, as Stripe answers a decline; a bank debit is `processing` (AUD
 * only, a mandate required) with a pending `py_…` charge naming its mandate.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Form parameters as Stripe's encoding sends them: `metadata[paymentId]`, `expand[0]`, … */
  form: Record<string, string>;
  raw: string;
}

export interface FakeResponse {
  status: number;
  body: unknown;
}

type Handler = (req: RecordedRequest, params: string[]) => FakeResponse;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

export type FakeOutcome =
  'succeed' | 'authenticate' | { code: string; decline_code?: string; message: string; type?: string };

export interface FakeCard {
  brand: string;
  funding: string;
  country: string;
  last4: string;
  wallet?: string | null;
}

/** An Australian bank account for AU BECS Direct Debit (the Payment Element collects name and email too). */
export interface FakeBank {
  bsb: string;
  last4: string;
  email?: string;
  name?: string;
}

/** PayTo: a PayID, or a BSB and account (its last four), and the payer's name. */
export interface FakePayTo {
  payId?: string;
  bsb?: string;
  last4?: string;
  name?: string;
}

export interface FakeToken {
  token: Record<string, unknown>;
  account: string;
  /** A card, or (`bank`) a bank account, or (`payto`) PayTo details: one of them. */
  card: FakeCard | null;
  bank: FakeBank | null;
  payto?: FakePayTo | null;
  outcome: FakeOutcome;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, Record<string, unknown>>;
  paymentMethods: Map<string, Record<string, unknown>>;
  confirmationTokens: Map<string, FakeToken>;
  /** The connected account each intent was created on (its Stripe-Account header). */
  intentAccounts: Map<string, string>;
  domains: Map<string, Record<string, unknown> & { account: string }>;
  /** Charges (`py_…` of bank debits), for `expand[]=latest_charge`. */
  charges: Map<string, Record<string, unknown>>;
  /**
   * A confirmation token on `account` (as Stripe.js would make it there); returns its id. A bank
   * account's token carries the customer's mandate acceptance (as the Payment Element collects it)
   * unless `mandate: false`.
   */
  addConfirmationToken(input: {
    account: string;
    card?: FakeCard;
    bank?: FakeBank;
    payto?: FakePayTo;
    outcome?: FakeOutcome;
    mandate?: boolean;
  }): string;
  /** Script an answer; the latest registration for a method+path wins over earlier ones and the defaults. */
  on(method: string, path: string | RegExp, handler: Handler): void;
  /** Forget recorded requests and scripted answers (state such as intents is kept). */
  reset(): void;
  /** Requests matching method and path (exact string or pattern). */
  find(method: string, path: string | RegExp): RecordedRequest[];
  /**
   * Every recorded call on a payment intent (create, retrieve, confirm, cancel, list) that was not
   * addressed with `Stripe-Account` to the connected account the intent lives on (issue 49 item 11):
   * one line each; none is what a test expects.
   */
  intentCallsOffAccount(): string[];
  close(): Promise<void>;
}

export const stripeError = (
  status: number,
  error: { type: string; code?: string; decline_code?: string; message: string; param?: string },
): FakeResponse => ({ status, body: { error } });

const toPattern = (path: string | RegExp) =>
  typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path;

let counter = 0;
const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

const missing = (what: string, id: string, param?: string) =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
  });

/** Form parameters `expand[0]`, `expand[1]`, … as a list. */
export const expandList = (q: Record<string, string>) =>
  Object.entries(q)
    .filter(([k]) => k.startsWith('expand['))
    .map(([, v]) => v);

/** Confirm a new intent with a token, as Stripe's create with confirm=true does. */
type Confirmation = { refused?: FakeResponse; declined?: Record<string, unknown> };

function confirmWithToken(fake: FakeStripe, pi: Record<string, unknown>, req: RecordedRequest): Confirmation {
  const tokenId = req.form.confirmation_token;
  const entry = fake.confirmationTokens.get(tokenId);
  const account = req.headers['stripe-account'] ?? '';
  if (!entry || entry.account !== account)
    return {
      refused: stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such confirmation_token: '${tokenId}'`,
        param: 'confirmation_token',
      }),
    };
  if (entry.token.payment_intent)
    return {
      refused: stripeError(400, {
        type: 'invalid_request_error',
        code: 'confirmation_token_already_used',
        message: 'This ConfirmationToken has already been used to confirm a PaymentIntent.',
        param: 'confirmation_token',
      }),
    };
  const refused = refusedMethod(entry, pi, req);
  if (refused) return { refused };
  entry.token.payment_intent = pi.id;
  entry.token.expires_at = null;
  if (entry.bank) return startDebit(fake, pi, entry.bank);
  if (entry.payto) return awaitPayTo(fake, pi, entry.payto);
  const card = entry.card!;
  const pmId = nextId('pm');
  const pm = {
    id: pmId,
    object: 'payment_method',
    type: 'card',
    card: {
      brand: card.brand,
      funding: card.funding,
      country: card.country,
      last4: card.last4,
      wallet: card.wallet ? { type: card.wallet } : null,
    },
  };
  fake.paymentMethods.set(pmId, pm);
  pi.payment_method = pmId;
  const outcome = entry.outcome;
  if (outcome === 'succeed') Object.assign(pi, { status: 'succeeded', latest_charge: nextId('ch') });
  else if (outcome === 'authenticate')
    Object.assign(pi, {
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
    });
  else {
    const error = { type: outcome.type ?? 'card_error', ...outcome, payment_method: pm };
    Object.assign(pi, { status: 'requires_payment_method', payment_method: null, last_payment_error: error });
    return { declined: { ...error } };
  }
  return {};
}

/** Stripe's checks before a token confirms: its type allowed on the intent, a bank debit in AUD under a mandate. */
function refusedMethod(
  entry: FakeToken,
  pi: Record<string, unknown>,
  req: RecordedRequest,
): FakeResponse | null {
  const type = entry.bank ? 'au_becs_debit' : entry.payto ? 'payto' : 'card';
  const allowed = Object.entries(req.form)
    .filter(([k]) => k.startsWith('allowed_payment_method_types['))
    .map(([, v]) => v);
  if (allowed.length > 0 && !allowed.includes(type))
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_incompatible_payment_method',
      message: `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowed.join(', ')}.`,
      param: 'confirmation_token',
    });
  if (type !== 'card' && pi.currency !== 'aud')
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_invalid_currency',
      message: `The currency provided (${String(pi.currency)}) is invalid for ${type}, which supports: aud.`,
      param: 'currency',
    });
  const requestMandate = Object.keys(req.form).some((k) => k.startsWith('mandate_data['));
  if (type === 'au_becs_debit' && !entry.token.mandate_data && !requestMandate)
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: 'A mandate is required to confirm a PaymentIntent with an au_becs_debit PaymentMethod.',
      param: 'mandate_data',
    });
  return null;
}

/** A bank debit starts: processing, under a mandate, with a pending charge (`py_…`). */
function startDebit(fake: FakeStripe, pi: Record<string, unknown>, bank: FakeBank): Confirmation {
  const pmId = nextId('pm');
  const details = { bsb_number: bank.bsb, fingerprint: `fp_${bank.bsb}${bank.last4}`, last4: bank.last4 };
  fake.paymentMethods.set(pmId, {
    id: pmId,
    object: 'payment_method',
    type: 'au_becs_debit',
    au_becs_debit: details,
    billing_details: { email: bank.email ?? null, name: bank.name ?? null },
  });
  const chargeId = nextId('py');
  fake.charges.set(chargeId, {
    id: chargeId,
    object: 'charge',
    amount: pi.amount,
    amount_refunded: 0,
    payment_intent: pi.id,
    payment_method: pmId,
    payment_method_details: {
      type: 'au_becs_debit',
      au_becs_debit: { ...details, mandate: nextId('mandate') },
    },
    status: 'pending',
  });
  Object.assign(pi, { payment_method: pmId, status: 'processing', latest_charge: chargeId });
  return {};
}

/** The PayTo details as Stripe shows them on a payment method, charge or token preview. */
export const payToDetails = (p: FakePayTo) => ({
  bsb_number: p.bsb ?? null,
  last4: p.last4 ?? null,
  pay_id: p.payId ?? null,
});

/**
 * A PayTo payment waits for the customer to approve the agreement in their banking app: no charge
 * yet; the test moves it on (`fake.intents`) as the customer's bank would.
 */
function awaitPayTo(fake: FakeStripe, pi: Record<string, unknown>, payto: FakePayTo): Confirmation {
  const pmId = nextId('pm');
  fake.paymentMethods.set(pmId, {
    id: pmId,
    object: 'payment_method',
    type: 'payto',
    payto: payToDetails(payto),
    billing_details: { email: null, name: payto.name ?? null },
  });
  Object.assign(pi, {
    payment_method: pmId,
    status: 'requires_action',
    next_action: { type: 'payto_await_authorization' },
  });
  return {};
}

/**
 * The customer's bank approved a waiting PayTo payment and the money moved: the intent succeeds,
 * with a charge naming the agreement (`mandate`), as Stripe shows it once the customer approved.
 */
export function approvePayTo(fake: FakeStripe, intentId: string, payto: FakePayTo, mandate: string) {
  const pi = fake.intents.get(intentId)!;
  const chargeId = nextId('py');
  fake.charges.set(chargeId, {
    id: chargeId,
    object: 'charge',
    amount: pi.amount,
    amount_refunded: 0,
    payment_intent: pi.id,
    payment_method: pi.payment_method,
    payment_method_details: { type: 'payto', payto: { ...payToDetails(payto), mandate } },
    status: 'succeeded',
  });
  Object.assign(pi, { status: 'succeeded', latest_charge: chargeId, next_action: null });
  return pi;
}

/**
 * Stripe events for a connected account, signed with `secret` at the clock's time as Stripe signs
 * them: `signed(type, object)` → the raw body and its `Stripe-Signature` header.
 */
export function stripeEventSigner(secret: string, account: string, clock: { now(): Date }) {
  const sdk = new Stripe('sk_test_unused');
  return (type: string, object: unknown) => {
    const seconds = Math.floor(clock.now().getTime() / 1000);
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type,
      account,
      created: seconds,
      data: { object },
    });
    return {
      payload,
      header: sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds }),
    };
  };
}

/** The intent as the create/retrieve answer shows it, with `expand[]` applied. */
export function shown(fake: FakeStripe, pi: Record<string, unknown>, expand: string[]) {
  const out = { ...pi };
  if (expand.includes('payment_method') && typeof pi.payment_method === 'string')
    out.payment_method = fake.paymentMethods.get(pi.payment_method) ?? pi.payment_method;
  if (expand.includes('latest_charge') && typeof pi.latest_charge === 'string')
    out.latest_charge = fake.charges.get(pi.latest_charge) ?? pi.latest_charge;
  return out;
}

function defaultRoutes(fake: FakeStripe): Route[] {
  const r = (method: string, pattern: RegExp, handler: Handler): Route => ({ method, pattern, handler });
  return [
    r('POST', /^\/v1\/payment_intents$/, (req) => {
      const id = nextId('pi');
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const pi: Record<string, unknown> = {
        id,
        object: 'payment_intent',
        amount: Number(req.form.amount),
        currency: req.form.currency,
        application_fee_amount: req.form.application_fee_amount
          ? Number(req.form.application_fee_amount)
          : null,
        client_secret: `${id}_secret_fake`,
        created: 1_790_000_000,
        description: req.form.description ?? null,
        metadata,
        payment_method: req.form.payment_method ?? null,
        receipt_email: req.form.receipt_email ?? null,
        status: req.form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        latest_charge: null,
        last_payment_error: null,
        next_action: null,
        livemode: false,
      };
      if (req.form.confirm === 'true' && req.form.confirmation_token) {
        const result = confirmWithToken(fake, pi, req);
        if (result.refused) return result.refused;
        fake.intents.set(id, pi);
        fake.intentAccounts.set(id, req.headers['stripe-account'] ?? '');
        if (result.declined)
          return { status: 402, body: { error: { ...result.declined, payment_intent: pi } } };
        return { status: 200, body: shown(fake, pi, expandList(req.form)) };
      }
      fake.intents.set(id, pi);
      fake.intentAccounts.set(id, req.headers['stripe-account'] ?? '');
      return { status: 200, body: pi };
    }),
    r('GET', /^\/v1\/confirmation_tokens\/([^/]+)$/, (req, [id]) => {
      const entry = fake.confirmationTokens.get(id);
      if (!entry || entry.account !== (req.headers['stripe-account'] ?? ''))
        return missing('confirmation_token', id);
      return { status: 200, body: entry.token };
    }),
    r('GET', /^\/v1\/payment_method_domains$/, (req) => ({
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        data: [...fake.domains.values()]
          .filter(
            (d) => d.account === req.headers['stripe-account'] && d.domain_name === req.query.domain_name,
          )
          .map(({ account: _a, ...d }) => d),
      },
    })),
    r('POST', /^\/v1\/payment_method_domains$/, (req) => {
      const id = nextId('pmd');
      const local = /^(localhost|[\d.]+)$/.test(req.form.domain_name ?? '');
      const status = local
        ? { status: 'inactive', status_details: { error_message: 'Domains must be publicly reachable.' } }
        : { status: 'active' };
      const d = {
        id,
        object: 'payment_method_domain',
        domain_name: req.form.domain_name,
        enabled: req.form.enabled !== 'false',
        apple_pay: status,
        google_pay: status,
        link: { status: 'active' },
        paypal: { status: 'inactive' },
        livemode: false,
        created: 1_790_000_000,
      };
      fake.domains.set(id, { ...d, account: req.headers['stripe-account'] ?? '' });
      return { status: 200, body: d };
    }),
    r('POST', /^\/v1\/payment_method_domains\/([^/]+)(\/validate)?$/, (req, [id]) => {
      const d = fake.domains.get(id);
      if (!d || d.account !== req.headers['stripe-account']) return missing('payment_method_domain', id);
      if (req.form.enabled) d.enabled = req.form.enabled === 'true';
      const { account: _a, ...body } = d;
      return { status: 200, body };
    }),
    r('GET', /^\/v1\/payment_intents$/, (req) => {
      const account = req.headers['stripe-account'] ?? '';
      const since = Number(req.query['created[gte]'] ?? 0);
      const data = [...fake.intents.entries()]
        .filter(([id, pi]) => fake.intentAccounts.get(id) === account && Number(pi.created ?? 0) >= since)
        .map(([, pi]) => shown(fake, pi, []))
        .reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_intents' } };
    }),
    r('GET', /^\/v1\/payment_intents\/([^/]+)$/, (req, [id]) => {
      const pi = fake.intents.get(id);
      if (!pi) return missing('payment_intent', id, 'intent');
      return { status: 200, body: shown(fake, pi, expandList(req.query)) };
    }),
    r('POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/, (_req, [id]) => {
      const pi = fake.intents.get(id);
      if (!pi)
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${id}'`,
        });
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
        });
      }
      pi.status = 'canceled';
      return { status: 200, body: pi };
    }),
    r('GET', /^\/v1\/payment_methods\/([^/]+)$/, (_req, [id]) => {
      const pm = fake.paymentMethods.get(id);
      if (!pm)
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such PaymentMethod: '${id}'`,
        });
      return { status: 200, body: pm };
    }),
    r('POST', /^\/v1\/refunds$/, (req) => ({
      status: 200,
      body: {
        id: nextId('re'),
        object: 'refund',
        amount: Number(req.form.amount),
        payment_intent: req.form.payment_intent,
        status: 'succeeded',
        currency: 'aud',
      },
    })),
    r('POST', /^\/v1\/accounts$/, (req) => ({
      status: 200,
      body: {
        id: nextId('acct'),
        object: 'account',
        type: req.form.type,
        email: req.form.email,
        charges_enabled: false,
        details_submitted: false,
        payouts_enabled: false,
      },
    })),
    r('GET', /^\/v1\/accounts\/([^/]+)$/, (_req, [id]) => ({
      status: 200,
      body: {
        id,
        object: 'account',
        type: 'standard',
        charges_enabled: true,
        details_submitted: true,
        payouts_enabled: false,
      },
    })),
    r('POST', /^\/v1\/account_links$/, (req) => ({
      status: 200,
      body: {
        object: 'account_link',
        created: 1_790_000_000,
        expires_at: 1_790_000_300,
        url: `https://connect.stripe.com/setup/s/${req.form.account}/fake`,
      },
    })),
    r('POST', /^\/oauth\/token$/, (req) =>
      req.form.code === 'ac_good'
        ? {
            status: 200,
            body: {
              access_token: 'sk_test_connected',
              livemode: false,
              scope: 'read_write',
              stripe_user_id: 'acct_oauth123',
              token_type: 'bearer',
            },
          }
        : {
            status: 400,
            body: {
              error: 'invalid_grant',
              error_description: `Authorization code does not exist: ${req.form.code}`,
            },
          },
    ),
    r('POST', /^\/oauth\/deauthorize$/, (req) => ({
      status: 200,
      body: { stripe_user_id: req.form.stripe_user_id },
    })),
  ];
}

function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const scripted: Route[] = [];
  const fake: FakeStripe = {
    url: '',
    requests: [],
    intents: new Map(),
    paymentMethods: new Map(),
    confirmationTokens: new Map(),
    intentAccounts: new Map(),
    domains: new Map(),
    charges: new Map(),
    addConfirmationToken({ account, card, bank, payto, outcome = 'succeed', mandate = true }) {
      const id = nextId('ctoken');
      const preview = payto
        ? {
            type: 'payto',
            payto: payToDetails(payto),
            billing_details: { email: null, name: payto.name ?? null },
          }
        : bank
          ? {
              type: 'au_becs_debit',
              au_becs_debit: {
                bsb_number: bank.bsb,
                fingerprint: `fp_${bank.bsb}${bank.last4}`,
                last4: bank.last4,
              },
              billing_details: { email: bank.email ?? null, name: bank.name ?? null },
            }
          : {
              type: 'card',
              card: {
                brand: card!.brand,
                funding: card!.funding,
                country: card!.country,
                last4: card!.last4,
                wallet: card!.wallet ? { type: card!.wallet } : null,
              },
            };
      const token = {
        id,
        object: 'confirmation_token',
        created: 1_790_000_000,
        expires_at: 4_102_444_800,
        livemode: false,
        payment_intent: null,
        // The Payment Element records the customer's acceptance of the Direct Debit Request.
        ...(bank && mandate
          ? {
              mandate_data: {
                customer_acceptance: {
                  type: 'online',
                  online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0' },
                },
              },
            }
          : {}),
        payment_method_preview: preview,
        use_stripe_sdk: true,
      };
      fake.confirmationTokens.set(id, {
        token,
        account,
        card: card ?? null,
        bank: bank ?? null,
        payto: payto ?? null,
        outcome,
      });
      return id;
    },
    on(method, path, handler) {
      scripted.unshift({ method: method.toUpperCase(), pattern: toPattern(path), handler });
    },
    reset() {
      fake.requests.length = 0;
      scripted.length = 0;
    },
    find(method, path) {
      const p = toPattern(path);
      return fake.requests.filter((r) => r.method === method.toUpperCase() && p.test(r.path));
    },
    intentCallsOffAccount() {
      const off: string[] = [];
      for (const r of fake.requests) {
        const m = /^\/v1\/payment_intents(?:\/([^/]+))?/.exec(r.path);
        if (!m) continue;
        const account = r.headers['stripe-account'];
        const home = m[1] ? fake.intentAccounts.get(m[1]) : undefined;
        if (!account) off.push(`${r.method} ${r.path}: no Stripe-Account`);
        else if (home && account !== home) off.push(`${r.method} ${r.path}: ${account}, not ${home}`);
      }
      return off;
    },
    close: async () => {},
  };
  const defaults = defaultRoutes(fake);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        headers[k] = Array.isArray(v) ? v.join(', ') : (v ?? '');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: parseForm(url.search.slice(1)),
        headers,
        form: parseForm(raw),
        raw,
      };
      fake.requests.push(recorded);
      let answer: FakeResponse = stripeError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${recorded.method}: ${recorded.path})`,
      });
      for (const route of [...scripted, ...defaults]) {
        const m = route.method === recorded.method ? route.pattern.exec(recorded.path) : null;
        if (m) {
          answer = route.handler(recorded, m.slice(1));
          break;
        }
      }
      const body = JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_fake${fake.requests.length}`,
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
