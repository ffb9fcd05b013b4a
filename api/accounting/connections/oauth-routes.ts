/**
 * The OAuth half of the accounting connection: the authorisation URL to send the admin to, and the
 * callback that exchanges the code, finds the organisation (and, for Xero, its time zone, which the
 * merchant's accounting dates then follow) and stores the tokens sealed. Mounted by routes.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { audit } from '../../audit/service.ts';
import { issueOAuthState } from '../../auth/oauth-state.ts';
import { AppError } from '../../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../../http/openapi.ts';
import { createRouter, errorResponses } from '../../http/router.ts';
import { actorOf } from '../../audit/actor.ts';
import { authorizeMerchant } from '../../auth/access.ts';
import { getMerchantOr404 } from '../../merchants/service.ts';
import { connectorFor } from './connections.ts';
import { finishConnection, redirectUriFor } from './oauth.ts';
import { MerchantConnection, toApiConnection } from './view.ts';

const ProviderParam = IdParam.extend({
  provider: z.enum(['xero', 'quickbooks']).openapi({ param: { name: 'provider', in: 'path' } }),
});

export const oauthRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/merchants/{id}/accounting/{provider}/connect-url',
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
      summary: 'The Xero / QuickBooks authorisation URL to send the admin to',
      request: {
        params: ProviderParam,
        body: {
          content: {
            'application/json': { schema: z.object({ redirectUri: z.string().max(500).nullish() }) },
          },
        },
      },
      responses: {
        200: json(z.object({ url: z.string(), redirectUri: z.string() }), 'Where to go'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id, provider } = c.req.valid('param');
      authorizeMerchant(c, 'accounting.manage', id);
      await getMerchantOr404(deps, id);
      const cfg = provider === 'xero' ? deps.config.xero : deps.config.quickbooks;
      if (!cfg.clientId || !cfg.clientSecret)
        throw new AppError(
          'unprocessable',
          `${provider === 'xero' ? 'Xero' : 'QuickBooks'} is not configured on this server (client id and secret).`,
        );
      const redirectUri = redirectUriFor(deps, c.req.valid('json')?.redirectUri);
      const state = await issueOAuthState(deps, deps.database.db, id, `${provider}_oauth`);
      const actor = actorOf(c);
      await audit(
        deps.database.db,
        {
          actor: actor.user,
          action: 'accounting.connect_start',
          targetType: 'merchant',
          targetId: id,
          details: { provider },
          ip: actor.ip,
        },
        deps.clock,
      );
      return c.json(
        { url: connectorFor(deps, provider).authorizeUrl({ redirectUri, state }), redirectUri },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/accounting/callback',
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
      summary:
        'Finish the OAuth connection: exchange the code, find the organisation, store the tokens (encrypted)',
      request: {
        body: {
          content: {
            'application/json': {
              schema: z.object({
                code: z.string().min(1, 'No authorization code received').max(2000),
                state: z.string().min(1, 'No state received').max(500),
                realmId: z.string().max(100).nullish(),
                redirectUri: z.string().max(500).nullish(),
              }),
            },
          },
          required: true,
        },
      },
      responses: { 200: json(MerchantConnection, 'Connected'), ...errorResponses(400, 401, 403, 502) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const { merchantId, connection } = await finishConnection(deps, body, actorOf(c), (merchant) =>
        authorizeMerchant(c, 'accounting.manage', merchant),
      );
      return c.json({ merchant_id: merchantId, ...toApiConnection(connection, deps) }, 200);
    },
  );
