/**
 * `/api/sandbox/*`: what Stripe.js does, for the sandbox provider. The widget's sandbox card form
 * turns the card into a confirmation token here (the only place card numbers are accepted; only
 * test cards) — our server prices and confirms the payment with it, as with a Stripe token — and
 * completes or fails 3-D Secure. Like Stripe.js with a client secret, the confirm route confirms a
 * `requires_action` intent (the only state in which our server hands a client secret out) and
 * refuses a canceled one, as every declined intent is. Stripe's hosted Connect screens are
 * consent-routes.ts. Mounted only in sandbox mode (CORS is open on this prefix). Answers use
 * Stripe's shapes: `{ paymentIntent }`, or `{ error }` with `type`, `code`, `decline_code` and
 * Stripe's message, status 402 for card errors.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter } from '../http/router.ts';
import { ProviderRequestError } from '../ports/payment-provider.ts';
import { clientIp } from '../audit/client-ip.ts';
import { TEST_BANK_ACCOUNTS } from './provider/bank-accounts.ts';
import { TEST_CARDS } from './provider/cards.ts';
import { publicIntentJson } from './provider/objects.ts';
import type { SandboxProvider } from './provider/sandbox-provider.ts';
import {
  AuthenticateBody,
  ClientSecretQuery,
  ConfirmBody,
  ConfirmationTokenSchema,
  CreateConfirmationTokenBody,
  CreatePaymentMethodBody,
  IntentIdParam,
  IntentResult,
  PaymentMethodSchema,
  StripeErrorSchema,
  TestBankAccountSchema,
  TestCardSchema,
  TestPayToSchema,
} from './schema.ts';
import { TEST_PAYTO } from './provider/payto.ts';

const tags = ['sandbox'];
const jsonOf = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const stripeErrors = {
  400: jsonOf(StripeErrorSchema, 'Invalid request (Stripe error object)'),
  402: jsonOf(StripeErrorSchema, 'Card error (Stripe error object)'),
  404: jsonOf(StripeErrorSchema, 'No such object'),
};

const sandboxOf = (c: Context<AppEnv>) => c.get('deps').payments as SandboxProvider;

type StripeStatus = 400 | 402 | 404;

/** Render a provider refusal as Stripe's error object. */
function stripeError(err: ProviderRequestError) {
  const status: StripeStatus = err.statusCode === 402 ? 402 : err.statusCode === 404 ? 404 : 400;
  return {
    status,
    body: {
      error: {
        type: err.type,
        code: err.code,
        ...(err.declineCode ? { decline_code: err.declineCode } : {}),
        message: err.message,
        ...(err.param ? { param: err.param } : {}),
      },
    },
  };
}

async function asStripe<T>(
  fn: () => Promise<T>,
): Promise<{ ok: T } | { status: StripeStatus; body: unknown }> {
  try {
    return { ok: await fn() };
  } catch (err) {
    if (err instanceof ProviderRequestError) return stripeError(err);
    throw err;
  }
}

type Outcome = Awaited<ReturnType<SandboxProvider['confirmIntent']>>;

function intentOutcome(result: Outcome) {
  const paymentIntent = publicIntentJson(result.intent);
  if (!result.error) return { status: 200 as const, body: { paymentIntent } };
  const { payment_intent: _full, ...error } = result.error;
  const status: StripeStatus = error.type === 'card_error' ? 402 : 400;
  return { status, body: { error: { ...error, payment_intent: paymentIntent } } };
}

export const sandboxRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/test-cards',
      tags,
      summary: 'The test cards the sandbox accepts, with what each does',
      responses: { 200: jsonOf(z.object({ data: z.array(TestCardSchema) }), 'Test cards') },
    }),
    (c) =>
      c.json(
        {
          data: TEST_CARDS.map(({ number, brand, funding, country, description }) => ({
            number,
            brand,
            funding,
            country,
            description,
          })),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payment_methods',
      tags,
      summary: 'Create a card payment method from test card details (Stripe.js createPaymentMethod)',
      request: {
        body: { content: { 'application/json': { schema: CreatePaymentMethodBody } }, required: true },
      },
      responses: { 200: jsonOf(PaymentMethodSchema, 'The payment method (pm_…)'), ...stripeErrors },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const r = await asStripe(() =>
        sandboxOf(c).createPaymentMethod({
          number: body.card.number,
          expMonth: body.card.exp_month,
          expYear: body.card.exp_year,
          cvc: body.card.cvc,
          account: body.stripe_account ?? null,
        }),
      );
      return 'ok' in r ? c.json(r.ok, 200) : c.json(r.body as never, r.status);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/confirmation_tokens',
      tags,
      summary:
        'Create a confirmation token from test card or test bank account details (Stripe.js createConfirmationToken): send its id to POST /api/payments/quote',
      request: {
        body: { content: { 'application/json': { schema: CreateConfirmationTokenBody } }, required: true },
      },
      responses: {
        200: jsonOf(ConfirmationTokenSchema, 'The token (ctoken_…), with its payment_method_preview'),
        ...stripeErrors,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const data = body.payment_method_data;
      const r = await asStripe(() =>
        sandboxOf(c).createConfirmationToken(
          data.type === 'payto'
            ? {
                type: 'payto',
                payId: data.payto.pay_id ?? null,
                bsb: data.payto.bsb_number ?? null,
                accountNumber: data.payto.account_number ?? null,
                name: data.billing_details.name ?? null,
                email: data.billing_details.email ?? null,
                account: body.stripe_account,
              }
            : data.type === 'au_becs_debit'
              ? {
                  type: 'au_becs_debit',
                  bsb: data.au_becs_debit.bsb_number,
                  accountNumber: data.au_becs_debit.account_number,
                  name: data.billing_details.name ?? null,
                  email: data.billing_details.email ?? null,
                  account: body.stripe_account,
                  // Stripe.js's `infer_from_client`: the address and browser the customer accepted from.
                  mandate: body.mandate_data
                    ? {
                        type: 'online',
                        online: {
                          ip_address: clientIp(c),
                          user_agent: c.req.header('user-agent')?.slice(0, 500) ?? null,
                        },
                      }
                    : null,
                }
              : {
                  number: data.card.number,
                  expMonth: data.card.exp_month,
                  expYear: data.card.exp_year,
                  cvc: data.card.cvc,
                  name: data.billing_details?.name ?? null,
                  account: body.stripe_account,
                },
        ),
      );
      return 'ok' in r ? c.json(r.ok as never, 200) : c.json(r.body as never, r.status);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/test-bank-accounts',
      tags,
      summary: 'The BECS Direct Debit test accounts the sandbox accepts, with what each does',
      responses: { 200: jsonOf(z.object({ data: z.array(TestBankAccountSchema) }), 'Test bank accounts') },
    }),
    (c) =>
      c.json(
        {
          data: TEST_BANK_ACCOUNTS.map((a) => ({
            bsb: `${a.bsb.slice(0, 3)}-${a.bsb.slice(3)}`,
            account_number: a.accountNumber,
            description: a.description,
          })),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/test-payto',
      tags,
      summary: 'The PayTo test PayIDs and accounts the sandbox accepts, with what each does',
      responses: { 200: jsonOf(z.object({ data: z.array(TestPayToSchema) }), 'Test PayIDs and accounts') },
    }),
    (c) =>
      c.json(
        {
          data: TEST_PAYTO.map((t) => ({
            pay_id: t.payId,
            bsb: t.bsb && `${t.bsb.slice(0, 3)}-${t.bsb.slice(3)}`,
            account_number: t.accountNumber,
            description: t.description,
          })),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payment_intents/{id}',
      tags,
      summary: 'Retrieve a payment intent with its client secret (Stripe.js retrievePaymentIntent)',
      request: { params: IntentIdParam, query: ClientSecretQuery },
      responses: { 200: jsonOf(IntentResult, 'The payment intent'), ...stripeErrors },
    }),
    async (c) => {
      const r = await asStripe(() =>
        sandboxOf(c).retrieveIntentWithSecret(c.req.valid('param').id, c.req.valid('query').client_secret),
      );
      return 'ok' in r
        ? c.json({ paymentIntent: publicIntentJson(r.ok) } as never, 200)
        : c.json(r.body as never, r.status);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payment_intents/{id}/confirm',
      tags,
      summary:
        'Confirm a payment intent with its client secret and a payment method (Stripe.js confirmCardPayment); a canceled intent is refused',
      request: {
        params: IntentIdParam,
        body: { content: { 'application/json': { schema: ConfirmBody } }, required: true },
      },
      responses: {
        200: jsonOf(IntentResult, 'Succeeded, or requires_action (complete 3-D Secure next)'),
        ...stripeErrors,
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const r = await asStripe(() =>
        sandboxOf(c).confirmIntent({
          intentId: c.req.valid('param').id,
          clientSecret: body.client_secret,
          paymentMethodId: body.payment_method ?? null,
        }),
      );
      if (!('ok' in r)) return c.json(r.body as never, r.status);
      const out = intentOutcome(r.ok);
      return c.json(out.body as never, out.status);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payment_intents/{id}/authenticate',
      tags,
      summary: 'Complete or fail the 3-D Secure step of a requires_action intent',
      request: {
        params: IntentIdParam,
        body: { content: { 'application/json': { schema: AuthenticateBody } }, required: true },
      },
      responses: { 200: jsonOf(IntentResult, 'The payment intent after authentication'), ...stripeErrors },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const r = await asStripe(() =>
        sandboxOf(c).authenticateIntent({
          intentId: c.req.valid('param').id,
          clientSecret: body.client_secret,
          result: body.result,
        }),
      );
      if (!('ok' in r)) return c.json(r.body as never, r.status);
      const out = intentOutcome(r.ok);
      return c.json(out.body as never, out.status);
    },
  );
