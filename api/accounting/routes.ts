/**
 * Admin API for the Xero / QuickBooks Online connection of a merchant (connect URL, OAuth callback,
 * settings, disconnect); the spec's manual "Sync to Xero" is in sync-routes.ts. Every action is audit-logged.
 *
 * The OAuth redirect goes to a fixed console page (default `{PUBLIC_BASE_URL}/admin/accounting/callback`,
 * registered with Xero/Intuit); that page posts `code`, `state` (and QuickBooks' `realmId`) to
 * `POST /api/admin/accounting/callback`. The state is signed, single-use and names the merchant.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { actorOf } from '../merchants/routes.ts';
import { invalidateMerchantCache } from '../pay/cache.ts';
import { merchantOr404 } from './automation-webhook.ts';
import {
  connectorFor,
  consumeOAuthState,
  findConnection,
  issueOAuthState,
  refreshTokenOf,
  saveConnection,
  type AccountingConnection,
} from './connections.ts';
import { ConnectorError } from './connector.ts';
import { payNowRoutes } from './pay-now-routes.ts';
import { recordsRoutes } from './records-routes.ts';
import { syncRoutes } from './sync-routes.ts';
import { grants, parseScopes } from './xero/scopes.ts';

const ProviderParam = IdParam.extend({
  provider: z.enum(['xero', 'quickbooks']).openapi({ param: { name: 'provider', in: 'path' } }),
});
const Connection = z.record(z.string(), z.unknown()).openapi('AccountingConnection');

export function toApiConnection(c: AccountingConnection | undefined, deps: AppDeps) {
  const granted = parseScopes(c?.granted_scopes);
  return {
    provider: c?.provider ?? null,
    status: c?.status ?? 'not_connected',
    tenant_id: c?.tenant_id ?? null,
    tenant_name: c?.tenant_name ?? null,
    payment_account_code: c?.payment_account_code ?? null,
    surcharge_account_code: c?.surcharge_account_code ?? null,
    credit_account_code: c?.credit_account_code ?? null,
    /** The scopes the tool granted; null when not recorded yet (connected before they were kept). */
    granted_scopes: granted,
    /** What a new Xero connection asks for (XERO_SCOPES or the granular default). */
    requested_scopes: c?.provider === 'quickbooks' ? null : deps.config.xero.scopes.split(' '),
    /** Xero: the connection may add the Pay now link itself (it holds the paymentservices scope). */
    payment_services: c?.provider === 'xero' && granted !== null && grants(granted, 'paymentservices'),
    token_expires_at: c?.token_expires_at ?? null,
    last_error: c?.last_error ?? null,
    connected_at: c?.created_at ?? null,
    available: {
      xero: !!(deps.config.xero.clientId && deps.config.xero.clientSecret),
      quickbooks: !!(deps.config.quickbooks.clientId && deps.config.quickbooks.clientSecret),
    },
  };
}

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

export const accountingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/merchants/{id}/accounting',
      tags: ['admin'],
      security,
      summary: "The merchant's Xero / QuickBooks connection and settings",
      request: { params: IdParam },
      responses: {
        200: json(Connection, 'The connection (status not_connected when none)'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      await merchantOr404(deps, id);
      return c.json(toApiConnection(await findConnection(deps.database.db, id), deps), 200);
    },
  )
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
      await merchantOr404(deps, id);
      const cfg = provider === 'xero' ? deps.config.xero : deps.config.quickbooks;
      if (!cfg.clientId || !cfg.clientSecret)
        throw new AppError(
          'unprocessable',
          `${provider === 'xero' ? 'Xero' : 'QuickBooks'} is not configured on this server (client id and secret).`,
        );
      const redirectUri = redirectUriFor(deps, c.req.valid('json')?.redirectUri);
      const state = await issueOAuthState(deps, id, provider);
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
      responses: { 200: json(Connection, 'Connected'), ...errorResponses(400, 401, 403, 502) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      const redirectUri = redirectUriFor(deps, body.redirectUri);
      const state = await consumeOAuthState(deps, body.state);
      if (!state)
        throw new AppError(
          'validation_failed',
          'This connection link has expired or was already used. Please start again.',
          { field: 'state' },
        );
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
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/api/admin/merchants/{id}/accounting/settings',
      tags: ['admin'],
      security,
      summary: 'The account card payments are paid into and the account surcharges are recorded to',
      description:
        'Xero: account codes (the payment account must accept payments, e.g. a bank or clearing account; the credit account is where credit notes for credit refunds and write-offs are booked, usually sales). QuickBooks: account ids, and for credits the product/service (item) id.',
      request: {
        params: IdParam,
        body: {
          content: {
            'application/json': {
              schema: z.object({
                payment_account_code: z
                  .string()
                  .trim()
                  .min(1, 'Choose the account payments are paid into')
                  .max(100),
                surcharge_account_code: z.string().trim().max(100).nullish(),
                credit_account_code: z.string().trim().max(100).nullish(),
              }),
            },
          },
          required: true,
        },
      },
      responses: { 200: json(Connection, 'Saved'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      await merchantOr404(deps, id);
      const actor = actorOf(c);
      const updated = await deps.database.db.transaction().execute(async (trx) => {
        const existing = await findConnection(trx, id);
        if (!existing) throw new AppError('conflict', 'Connect Xero or QuickBooks first.');
        const changes = {
          payment_account_code: body.payment_account_code,
          surcharge_account_code: body.surcharge_account_code?.trim() || null,
          ...(body.credit_account_code !== undefined
            ? { credit_account_code: body.credit_account_code?.trim() || null }
            : {}),
        };
        await trx
          .updateTable('accounting_connections')
          .set({ ...changes, updated_at: deps.clock.now().toISOString() })
          .where('id', '=', existing.id)
          .execute();
        await audit(
          trx,
          {
            actor: actor.user,
            action: 'accounting.settings',
            targetType: 'merchant',
            targetId: id,
            details: { provider: existing.provider, ...changes },
            ip: actor.ip,
          },
          deps.clock,
        );
        return findConnection(trx, id);
      });
      return c.json(toApiConnection(updated, deps), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/api/admin/merchants/{id}/accounting',
      tags: ['admin'],
      security,
      summary:
        'Disconnect Xero / QuickBooks (tokens revoked where possible, then forgotten; waiting sync jobs are dropped)',
      request: { params: IdParam },
      responses: { 200: json(Connection, 'Disconnected'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      await merchantOr404(deps, id);
      const existing = await findConnection(deps.database.db, id);
      if (existing) {
        try {
          const refresh = refreshTokenOf(deps, existing);
          if (refresh) await connectorFor(deps, existing.provider).revoke(refresh);
        } catch (err) {
          deps.logger.warn(
            { merchantId: id, err: (err as Error).message },
            'token revocation failed; forgetting the tokens anyway',
          );
        }
        const actor = actorOf(c);
        await deps.database.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('accounting_connections').where('id', '=', existing.id).execute();
          await audit(
            trx,
            {
              actor: actor.user,
              action: 'accounting.disconnect',
              targetType: 'merchant',
              targetId: id,
              details: { provider: existing.provider },
              ip: actor.ip,
            },
            deps.clock,
          );
        });
        invalidateMerchantCache(deps); // pay sessions fall back to the link amount (after the commit)
      }
      return c.json(toApiConnection(undefined, deps), 200);
    },
  )
  // The manual sync is about payments, not the connection; its own file keeps both readable.
  .route('/', syncRoutes)
  .route('/', recordsRoutes)
  .route('/', payNowRoutes);
