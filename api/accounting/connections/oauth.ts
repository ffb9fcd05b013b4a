/**
 * The OAuth connection to Xero or QuickBooks Online: where the tool sends the admin back, and
 * finishing the connection — the signed single-use state consumed, the code exchanged, the
 * organisation found, the tokens stored encrypted, the merchant's time zone taken from the
 * organisation when it has one, audited.
 */
import type { Actor } from '../../audit/actor.ts';
import { audit } from '../../audit/service.ts';
import { consumeOAuthState } from '../../auth/oauth-state.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { setMerchantTimeZone } from '../../merchants/rows.ts';
import { merchantChanged } from '../../merchants/changes.ts';
import { connectorFor, saveConnection } from './connections.ts';
import { ConnectorError } from '../connector.ts';
import { parseScopes } from '../xero/scopes.ts';

export function redirectUriFor(deps: AppDeps, given?: string | null): string {
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

export async function finishConnection(
  deps: AppDeps,
  body: { code: string; state: string; realmId?: string | null; redirectUri?: string | null },
  actor: Actor,
  /** Throws unless the signed-in user may connect the merchant the state names (before any exchange). */
  authorize: (merchantId: string) => void = () => {},
) {
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
  authorize(consumed.merchantId);
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
      deps.logger.warn({ err: err.message }, 'organisation time zone unavailable; keeping the merchant zone');
      return null;
    });
  const connection = await deps.database.db.transaction().execute(async (trx) => {
    const saved = await saveConnection(
      deps,
      trx,
      state.merchantId,
      state.provider,
      connected.tokens,
      connected.tenant,
    );
    if (timeZone) await setMerchantTimeZone(trx, state.merchantId, timeZone, deps.clock.now().toISOString());
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
  merchantChanged(deps); // pay sessions now take the live amount due (after the commit)
  return { merchantId: state.merchantId, connection };
}
