/**
 * A merchant's Xero or QuickBooks connection: the connector for it, tokens sealed at rest, an
 * authorised session that refreshes the access token shortly before it expires (and once more if
 * the API still says 401) (the OAuth `state` of the connection flow is api/auth/oauth-state.ts).
 *
 * Refreshing is optimistic: the new tokens are stored only if the row has not changed since it was
 * read; a worker that loses that race uses the winner's tokens (Xero and Intuit both accept the
 * previous refresh token for a while, so the loser's own refresh did no harm).
 */
import type { AppDeps } from '../../context.ts';
import { type DbOrTrx } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled.ts';
import type { Selectable, Updateable } from 'kysely';
import type { AccountingConnectionsTable } from '../../db/types.ts';
import {
  ConnectorError,
  type AccountingConnector,
  type AccountingProvider,
  type ConnectorSession,
  type TokenSet,
} from '../connector.ts';
import { quickbooksConnector } from '../quickbooks/connector.ts';
import { openSecret, sealSecret } from '../../secret-box.ts';
import { xeroConnector } from '../xero/connector.ts';
import { parseScopes } from '../xero/scopes.ts';

export type AccountingConnection = Selectable<AccountingConnectionsTable>;

const REFRESH_MARGIN_MS = 120_000;

export function connectorFor(
  deps: AppDeps,
  provider: AccountingProvider,
  timeoutMs = deps.config.outbox.timeoutMs,
): AccountingConnector {
  const cfg = { xero: deps.config.xero, quickbooks: deps.config.quickbooks, timeoutMs };
  return provider === 'xero' ? xeroConnector(cfg) : quickbooksConnector(cfg);
}

// Read by every payment's live-amount check: compiled once (api/db/compiled.ts).
const connectionOf = compiledOnce((db, p: { merchantId: string }) =>
  db.selectFrom('accounting_connections').selectAll().where('merchant_id', '=', p.merchantId),
);

export async function findConnection(
  db: DbOrTrx,
  merchantId: string,
): Promise<AccountingConnection | undefined> {
  return (await connectionOf(db, { merchantId }))[0];
}

const ctx = (merchantId: string, which: 'access' | 'refresh') => `accounting:${merchantId}:${which}`;

function sealedTokens(deps: AppDeps, merchantId: string, tokens: TokenSet) {
  return {
    access_token_enc: sealSecret(deps.config, tokens.accessToken, ctx(merchantId, 'access')),
    refresh_token_enc: sealSecret(deps.config, tokens.refreshToken, ctx(merchantId, 'refresh')),
    token_expires_at: new Date(deps.clock.now().getTime() + tokens.expiresIn * 1000).toISOString(),
    // A refresh answer that names no scopes leaves the recorded ones as they are.
    ...(tokens.scope !== null ? { granted_scopes: tokens.scope.split(/\s+/).filter(Boolean).join(' ') } : {}),
  };
}

export function refreshTokenOf(deps: AppDeps, c: AccountingConnection): string | null {
  return c.refresh_token_enc
    ? openSecret(deps.config, c.refresh_token_enc, ctx(c.merchant_id, 'refresh'))
    : null;
}

/** Create or replace the merchant's connection (one per merchant). Account settings survive a reconnect to the same provider. */
export async function saveConnection(
  deps: AppDeps,
  db: DbOrTrx,
  merchantId: string,
  provider: AccountingProvider,
  tokens: TokenSet,
  tenant: { tenantId: string; tenantName: string | null },
): Promise<AccountingConnection> {
  const now = deps.clock.now().toISOString();
  const existing = await findConnection(db, merchantId);
  const fields = {
    provider,
    tenant_id: tenant.tenantId,
    tenant_name: tenant.tenantName,
    ...sealedTokens(deps, merchantId, tokens),
    status: 'connected',
    last_error: null,
    updated_at: now,
  };
  if (existing) {
    const keepSettings = existing.provider === provider;
    await db
      .updateTable('accounting_connections')
      .set({
        ...fields,
        ...(keepSettings
          ? {}
          : { payment_account_code: null, surcharge_account_code: null, credit_account_code: null }),
        ...(tokens.scope === null ? { granted_scopes: null } : {}),
      })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('accounting_connections')
      .values({ id: crypto.randomUUID(), merchant_id: merchantId, created_at: now, ...fields })
      .execute();
  }
  return (await findConnection(db, merchantId))!;
}

async function refreshConnection(deps: AppDeps, c: AccountingConnection): Promise<AccountingConnection> {
  const db = deps.database.db;
  const refreshToken = refreshTokenOf(deps, c);
  if (!refreshToken)
    throw new ConnectorError('The accounting connection has no refresh token: connect again', {
      retryable: false,
      reconnect: true,
    });
  let tokens: TokenSet;
  try {
    tokens = await connectorFor(deps, c.provider).refresh(refreshToken);
  } catch (err) {
    if (err instanceof ConnectorError && err.reconnect) {
      const now = deps.clock.now().toISOString();
      await db
        .updateTable('accounting_connections')
        .set({ status: 'reconnect_required', last_error: err.message, updated_at: now })
        .where('id', '=', c.id)
        .execute();
    }
    throw err;
  }
  const res = await db
    .updateTable('accounting_connections')
    .set({
      ...sealedTokens(deps, c.merchant_id, tokens),
      status: 'connected',
      last_error: null,
      updated_at: deps.clock.now().toISOString(),
    })
    .where('id', '=', c.id)
    .where('updated_at', '=', c.updated_at)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0)
    deps.logger.info({ merchantId: c.merchant_id }, 'token refreshed concurrently; using the stored tokens');
  return (await findConnection(db, c.merchant_id))!;
}

/**
 * Run `fn` with a current access token. Refreshes when the token expires within two minutes, and
 * once more when the API answers 401 anyway (revoked early, clock skew).
 */
export async function withSession<T>(
  deps: AppDeps,
  connection: AccountingConnection,
  fn: (s: ConnectorSession, connector: AccountingConnector) => Promise<T>,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const connector = connectorFor(deps, connection.provider, options.timeoutMs);
  let c = connection;
  if (c.status === 'reconnect_required')
    throw new ConnectorError(
      `${connector.label} must be connected again: ${c.last_error ?? 'authorisation expired'}`,
      { retryable: false, reconnect: true },
    );
  if (!c.tenant_id || !c.access_token_enc)
    throw new ConnectorError(`${connector.label} is not connected`, { retryable: false, reconnect: true });
  const expiresAt = c.token_expires_at ? Date.parse(c.token_expires_at) : 0;
  if (expiresAt - deps.clock.now().getTime() < REFRESH_MARGIN_MS) c = await refreshConnection(deps, c);
  const session = () => ({
    accessToken: openSecret(deps.config, c.access_token_enc!, ctx(c.merchant_id, 'access')),
    tenantId: c.tenant_id!,
    scopes: parseScopes(c.granted_scopes),
  });
  try {
    return await fn(session(), connector);
  } catch (err) {
    // A 401 that retrying cannot fix (a scope the connection lacks) is not a reason to refresh.
    if (!(err instanceof ConnectorError) || err.status !== 401 || !err.retryable) throw err;
    c = await refreshConnection(deps, c);
    return fn(session(), connector);
  }
}

export async function updateConnection(
  db: DbOrTrx,
  id: string,
  changes: Updateable<AccountingConnectionsTable>,
): Promise<void> {
  await db.updateTable('accounting_connections').set(changes).where('id', '=', id).execute();
}

export async function deleteConnection(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('accounting_connections').where('id', '=', id).execute();
}
