/**
 * The accounting connection as the admin API shows it: provider, status, organisation, the account
 * settings, the scopes granted and asked for, and whether the Pay now set-up is possible.
 */
import { z } from '@hono/zod-openapi';
import type { AppDeps } from '../../context.ts';
import type { AccountingConnection } from './connections.ts';
import { grants, parseScopes } from '../xero/scopes.ts';

export const Connection = z
  .object({
    provider: z.enum(['xero', 'quickbooks']).nullable(),
    /** `not_connected` when the merchant has none. */
    status: z.string(),
    tenant_id: z.string().nullable(),
    tenant_name: z.string().nullable(),
    payment_account_code: z.string().nullable(),
    surcharge_account_code: z.string().nullable(),
    credit_account_code: z.string().nullable(),
    granted_scopes: z.array(z.string()).nullable(),
    requested_scopes: z.array(z.string()).nullable(),
    payment_services: z.boolean(),
    token_expires_at: z.string().nullable(),
    last_error: z.string().nullable(),
    connected_at: z.string().nullable(),
    /** Which tools this server is configured for (client id and secret set). */
    available: z.object({ xero: z.boolean(), quickbooks: z.boolean() }),
  })
  .openapi('AccountingConnection');

/** The connection just made, and the merchant it belongs to (the OAuth callback's answer). */
export const MerchantConnection = Connection.extend({ merchant_id: z.string() }).openapi(
  'AccountingMerchantConnection',
);

export function toApiConnection(
  c: AccountingConnection | undefined,
  deps: AppDeps,
): z.infer<typeof Connection> {
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
