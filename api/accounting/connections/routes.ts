/**
 * Admin API for the Xero / QuickBooks Online connection of a merchant: the connection, its account
 * settings, disconnect. The OAuth connect URL and callback are in oauth-routes.ts, the spec's manual
 * "Sync to Xero" in ../sync/routes.ts, the refunds' records and Needs attention in ../records/routes.ts,
 * the Xero Pay now set-up in pay-now-routes.ts (each mounted by api/app.ts). Every action is audit-logged.
 *
 * The OAuth redirect goes to a fixed console page (default `{PUBLIC_BASE_URL}/admin/accounting/callback`,
 * registered with Xero/Intuit); that page posts `code`, `state` (and QuickBooks' `realmId`) to
 * `POST /api/admin/accounting/callback`. The state is signed, single-use and names the merchant.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { bearerSecurity as security, IdParam, jsonContent as json } from '../../http/openapi.ts';
import { createRouter, errorResponses } from '../../http/router.ts';
import { actorOf } from '../../audit/actor.ts';
import { authorizeMerchant } from '../../auth/access.ts';
import { getMerchantOr404 } from '../../merchants/service.ts';
import { disconnectAccounting, saveAccountingSettings } from './service.ts';
import { findConnection, withSession } from './connections.ts';
import { ConnectorError } from '../connector.ts';
import { AppError } from '../../errors.ts';
import { Connection, toApiConnection } from './view.ts';

const Choice = z.object({ code: z.string(), name: z.string() });
const AccountChoicesSchema = z
  .object({
    payment: z.array(Choice).openapi({ description: 'Bank accounts and accounts that take payments' }),
    surcharge: z.array(Choice).openapi({ description: 'Income (revenue) accounts' }),
    credit: z.array(Choice).openapi({
      description: 'Xero: revenue accounts for credit notes; QuickBooks: items for refunds and credits',
    }),
  })
  .openapi('AccountChoices');

export const NOT_CONNECTED_FOR_CHOICES = 'Connect Xero or QuickBooks first: the accounts are read from it.';

export const accountingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/account-choices',
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
      summary: "The accounts (and QuickBooks items) the connection's settings may name, read from the tool",
      request: { params: IdParam },
      responses: {
        200: json(AccountChoicesSchema, 'The choices, by name'),
        ...errorResponses(401, 403, 404, 409, 502),
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'accounting.manage', id);
      await getMerchantOr404(deps, id);
      const connection = await findConnection(deps.database.db, id);
      if (!connection || connection.status !== 'connected')
        throw new AppError('conflict', NOT_CONNECTED_FOR_CHOICES);
      try {
        return c.json(
          await withSession(deps, connection, (s, connector) => connector.accountChoices(s)),
          200,
        );
      } catch (err) {
        // The tool's own reason (a missing scope, an expired connection): 502, said as the tool said it.
        if (err instanceof ConnectorError) throw new AppError('provider_error', err.message, { cause: err });
        throw err;
      }
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/accounting',
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
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
      authorizeMerchant(c, 'accounting.manage', id);
      await getMerchantOr404(deps, id);
      return c.json(toApiConnection(await findConnection(deps.database.db, id), deps), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/merchants/{id}/accounting/settings',
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
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
      authorizeMerchant(c, 'accounting.manage', id);
      const body = c.req.valid('json');
      const updated = await saveAccountingSettings(deps, id, body, actorOf(c));
      return c.json(toApiConnection(updated, deps), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/merchants/{id}/accounting',
      tags: ['admin'],
      security,
      'x-access': 'accounting.manage',
      summary:
        'Disconnect Xero / QuickBooks (tokens revoked where possible, then forgotten; waiting sync jobs are dropped)',
      request: { params: IdParam },
      responses: { 200: json(Connection, 'Disconnected'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'accounting.manage', id);
      await disconnectAccounting(deps, id, actorOf(c));
      return c.json(toApiConnection(undefined, deps), 200);
    },
  );
