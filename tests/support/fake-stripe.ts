/**
 * A local stand-in for api.stripe.com and connect.stripe.com: a `node:http` server on 127.0.0.1
 * (random port) that records every request (method, path, query, headers, form parameters) and
 * answers with Stripe-shaped JSON, keeping just enough state (intents, payment methods, accounts)
 * for a contract test. Tests point the real SDK at it with STRIPE_API_BASE and can script any
 * answer (e.g. a card_declined error) with `fake.on(method, path, handler)`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, Record<string, unknown>>;
  paymentMethods: Map<string, Record<string, unknown>>;
  /** Script an answer; the latest registration for a method+path wins over earlier ones and the defaults. */
  on(method: string, path: string | RegExp, handler: Handler): void;
  /** Forget recorded requests and scripted answers (state such as intents is kept). */
  reset(): void;
  /** Requests matching method and path (exact string or pattern). */
  find(method: string, path: string | RegExp): RecordedRequest[];
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

function defaultRoutes(fake: FakeStripe): Route[] {
  const r = (method: string, pattern: RegExp, handler: Handler): Route => ({ method, pattern, handler });
  const expandIntent = (pi: Record<string, unknown>, expand: string[]) => {
    const out = { ...pi };
    if (expand.includes('payment_method') && typeof pi.payment_method === 'string') {
      out.payment_method = fake.paymentMethods.get(pi.payment_method) ?? pi.payment_method;
    }
    return out;
  };
  const expandList = (q: Record<string, string>) =>
    Object.entries(q)
      .filter(([k]) => k.startsWith('expand['))
      .map(([, v]) => v);
  return [
    r('POST', /^\/v1\/payment_intents$/, (req) => {
      const id = nextId('pi');
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const pi = {
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
        livemode: false,
      };
      fake.intents.set(id, pi);
      return { status: 200, body: pi };
    }),
    r('GET', /^\/v1\/payment_intents\/([^/]+)$/, (req, [id]) => {
      const pi = fake.intents.get(id);
      if (!pi)
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${id}'`,
          param: 'intent',
        });
      return { status: 200, body: expandIntent(pi, expandList(req.query)) };
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
