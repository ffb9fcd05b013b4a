/**
 * The console's "Add the Pay now link to Xero" (pay-now.ts): what is set up now, and setting it up
 * for the branding themes the admin picks. Mounted by accounting/connections/routes.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../../http/openapi.ts';
import { authorizeMerchant } from '../../auth/access.ts';
import { createRouter, errorResponses } from '../../http/router.ts';
import { actorOf } from '../../audit/actor.ts';
import { payNowStatus, setUpPayNow } from './pay-now.ts';

// `{provider}` (only `xero`: Pay now is Xero's) rather than a literal `xero`: beside
// `/merchants/{id}/accounting/{provider}/connect-url`, a literal segment where the other route has a
// parameter is a path Hono's RegExpRouter cannot compile, and one such path makes every request of
// the app fall back to the slower trie router (tests/api/router.test.ts).
const path = '/merchants/{id}/accounting/{provider}/pay-now';
const PayNowParam = IdParam.extend({
  provider: z.enum(['xero']).openapi({ param: { name: 'provider', in: 'path' } }),
});
const PaymentService = z
  .object({ id: z.string(), name: z.string(), url: z.string().nullable() })
  .openapi('XeroPaymentService');

const PayNow = z
  .object({
    /** The link to put in Xero: the merchant's accounting payment URL with Xero's placeholders. */
    url_template: z.string(),
    can_set_up: z.boolean(),
    /** Why it cannot be set up here (then the template is copied by hand); null when it can. */
    reason: z.enum(['not_connected', 'scope_missing', 'not_https']).nullable(),
    message: z.string().nullable(),
    branding_themes: z.array(z.object({ id: z.string(), name: z.string(), attached: z.boolean() })),
    /** Our payment service in Xero, when it exists. */
    payment_service: PaymentService.nullable(),
  })
  .openapi('XeroPayNow');

const PayNowSetUp = z
  .object({
    payment_service: PaymentService,
    /** The payment service was created now (not found in Xero already). */
    created: z.boolean(),
    /** The branding themes it was added to now, and those that had it already. */
    attached: z.array(z.string()),
    already_attached: z.array(z.string()),
    message: z.string(),
  })
  .openapi('XeroPayNowSetUp');

export const payNowRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path,
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
      summary:
        "The Xero Pay now link: the URL template, and whether it can be added to Xero's branding themes",
      description:
        '`can_set_up` is true when the Xero connection holds the `paymentservices` scope; then `branding_themes` lists each theme with `attached` (our payment service is on it) and `payment_service` is ours when it exists. Otherwise `reason` and `message` say why (not_connected, scope_missing, not_https) and the template is copied by hand.',
      request: { params: PayNowParam },
      responses: { 200: json(PayNow, 'The set-up'), ...errorResponses(400, 401, 403, 404, 502) },
    }),
    async (c) => {
      authorizeMerchant(c, 'accounting.manage', c.req.valid('param').id);
      return c.json(await payNowStatus(c.get('deps'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path,
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
      summary:
        'Add the Pay now link to Xero: create the payment service (once) and attach it to the chosen branding themes',
      request: {
        params: PayNowParam,
        body: {
          content: {
            'application/json': {
              schema: z.object({
                branding_theme_ids: z
                  .array(z.string().min(1).max(100))
                  .min(1, 'Choose at least one branding theme')
                  .max(50),
                pay_now_text: z.string().trim().max(50).nullish(),
              }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: json(PayNowSetUp, 'What was done in Xero'),
        ...errorResponses(400, 401, 403, 404, 409, 422, 502),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      authorizeMerchant(c, 'accounting.manage', c.req.valid('param').id);
      const result = await setUpPayNow(deps, c.req.valid('param').id, c.req.valid('json'), actorOf(c));
      return c.json(result, 200);
    },
  );
