/**
 * The OAuth half of the accounting connection: the authorisation URL to send the admin to, and the
 * callback that exchanges the code, finds the organisation (and, for Xero, its time zone, which the
 * merchant's accounting dates then follow) and stores the tokens sealed. Mounted by routes.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { audit } from '../audit/service.ts';
import { consumeOAuthState, issueOAuthState } from '../auth/oauth-state.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { actorOf } from '../audit/actor.ts';
import { getMerchantOr404 } from '../merchants/service.ts';
import { invalidateMerchantCache } from '../pay/cache.ts';
import { connectorFor, saveConnection } from './connections.ts';
import { ConnectorError } from './connector.ts';
import { MerchantConnection, toApiConnection } from './connection-view.ts';
import { parseScopes } from './xero/scopes.ts';

const ProviderParam = IdParam.extend({
  provider: z.enum(['xero', 'quickbooks']).openapi({ param: { name: 'provider', in: 'path' } }),
});

function redirectUriFor(deps: AppDeps, given?: string | null): string {
  const base = deps.config.publicBaseUrl;
  const uri = given?.trim() || `${base}/admin/accounting/callback`;
  if (!uri.startsWith(`${base}/`))
    throw new AppError('validation_failed', `The redirect URI must be on ${base}`, { field: 'redirectUri' });
  return uri;
}

function providerError(err: unknown): never {
  if (err instanceof ConnectorError) throw new AppError('provider_error', err.message);
  throw err;
}

export const oauthRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/merchants/{id}/accounting/{provider}/connect-url',
      tags: ['admin'],
      security,
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
      path: '/api/admin/accounting/callback',
      tags: ['admin'],
      security,
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
      const redirectUri = redirectUriFor(deps, body.redirectUri);
      const consumed = await consumeOAuthState(deps, deps.database.db, body.state, [
        'xero_oauth',
        'quickbooks_oauth',
      ]);
      if (!consumed)
        throw new AppError(
          'validation_failed',
          'This connection link has expired or was already used. Please start again.',
          { field: 'state' },
        );
      const state = {
        merchantId: consumed.merchantId,
        provider: consumed.purpose === 'xero_oauth' ? ('xero' as const) : ('quickbooks' as const),
      };
      const connector = connectorFor(deps, state.provider);
      const connected = await (async () => {
        const tokens = await connector.exchangeCode(body.code, redirectUri);
        const tenant = await connector.tenantFor(tokens.accessToken, { realmId: body.realmId });
        return { tokens, tenant };
      })().catch(providerError);
      // Accounting dates follow the organisation's time zone when the tool has one (Xero).
      const timeZone = await connector
        .organisationTimeZone({
          accessToken: connected.tokens.accessToken,
          tenantId: connected.tenant.tenantId,
          scopes: parseScopes(connected.tokens.scope),
        })
        .catch((err: Error) => {
          deps.logger.warn(
            { err: err.message },
            'organisation time zone unavailable; keeping the merchant zone',
          );
          return null;
        });
      const actor = actorOf(c);
      const connection = await deps.database.db.transaction().execute(async (trx) => {
        const saved = await saveConnection(
          deps,
          trx,
          state.merchantId,
          state.provider,
          connected.tokens,
          connected.tenant,
        );
        if (timeZone)
          await trx
            .updateTable('merchants')
            .set({ time_zone: timeZone, last_updated: deps.clock.now().toISOString() })
            .where('id', '=', state.merchantId)
            .execute();
        await audit(
          trx,
          {
            actor: actor.user,
            action: 'accounting.connect',
            targetType: 'merchant',
            targetId: state.merchantId,
            details: {
              provider: state.provider,
              tenant: connected.tenant,
              scopes: connected.tokens.scope,
              ...(timeZone ? { time_zone: timeZone } : {}),
            },
            ip: actor.ip,
          },
          deps.clock,
        );
        return saved;
      });
      invalidateMerchantCache(deps); // pay sessions now take the live amount due (after the commit)
      return c.json({ merchant_id: state.merchantId, ...toApiConnection(connection, deps) }, 200);
    },
  );
