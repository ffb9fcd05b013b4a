/**
 * Simulated Stripe Connect. Account Links: `createOnboardingLink` makes a Standard account with
 * charges disabled and a single-use, five-minute link to the local consent page; approving enables
 * charges (and announces `account.updated`), then the browser returns to `return_url`; an expired
 * or used link sends it to `refresh_url`, as Stripe does. OAuth: the consent page approves with a
 * single-use `ac_…` code returned to `redirect_uri?code&state`, which `exchangeOAuthCode` redeems.
 * An `acct_…` id the sandbox has never seen (a seeded or hand-typed test merchant) is treated as an
 * existing, fully onboarded test account; one it has seen carries its real state.
 */
import type { Clock } from '../../context.ts';
import { ProviderRequestError, type OnboardingLinkInput } from '../../ports/payment-provider.ts';
import { compiledOnce } from '../../db/compiled.ts';
import type { AccountRow, SandboxDb, SandboxTrx } from './tables.ts';
import { enqueueEvent } from './event-queue.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import { accountJson } from './objects.ts';
import { newId } from './ids.ts';

export const LINK_TTL_SECONDS = 300;
export const OAUTH_CODE_TTL_SECONDS = 300;
const ACCOUNT_ID = /^acct_[A-Za-z0-9_]{1,64}$/;

// Read by every intent created: compiled once (api/db/compiled.ts).
const accountById = compiledOnce((db: SandboxDb, p: { id: string }) =>
  db.selectFrom('sandbox_accounts').selectAll().where('id', '=', p.id),
);

const noSuchAccount = (id: string) =>
  invalid(`No such account: '${id}'`, { code: 'resource_missing', param: 'account', status: 404 });

async function ensureAccount(trx: SandboxTrx, clock: Clock, id: string): Promise<AccountRow> {
  if (!ACCOUNT_ID.test(id)) throw noSuchAccount(id);
  const [found] = await accountById(trx, { id });
  if (found) return found;
  const row: AccountRow = {
    id,
    type: 'standard',
    email: null,
    business_name: null,
    charges_enabled: 1,
    details_submitted: 1,
    payouts_enabled: 1,
    deauthorized: 0,
    created: seconds(clock),
  };
  await trx
    .insertInto('sandbox_accounts')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (
    (await trx.selectFrom('sandbox_accounts').selectAll().where('id', '=', id).executeTakeFirst()) ?? row
  );
}

const revoked = (id: string) =>
  new ProviderRequestError({
    type: 'invalid_request_error',
    code: 'account_invalid',
    statusCode: 403,
    message: `The provided key does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
  });

/** The account a direct charge is made on: connected, not revoked, onboarding complete. */
export async function requireChargeableAccount(
  trx: SandboxTrx,
  clock: Clock,
  id: string,
): Promise<AccountRow> {
  const account = await ensureAccount(trx, clock, id);
  if (account.deauthorized) throw revoked(id);
  if (!account.charges_enabled) {
    throw invalid(`Account '${id}' cannot create charges yet: its onboarding is not complete.`, {
      code: 'account_invalid',
    });
  }
  return account;
}

export async function retrieveAccount(ctx: SandboxContext, id: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const account = await ensureAccount(trx, ctx.clock, id);
    if (account.deauthorized) throw revoked(id);
    return accountJson(account);
  });
}

export async function disconnectAccount(ctx: SandboxContext, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await ensureAccount(trx, ctx.clock, id);
    await trx.updateTable('sandbox_accounts').set({ deauthorized: 1 }).where('id', '=', id).execute();
  });
}

export function consentUrl(ctx: SandboxContext, params: Record<string, string>): string {
  return `${ctx.baseUrl}/api/sandbox/connect/consent?${new URLSearchParams(params)}`;
}

export async function createOnboardingLink(
  ctx: SandboxContext,
  input: OnboardingLinkInput,
): Promise<{ accountId: string; url: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = seconds(ctx.clock);
    let accountId = input.existingAccountId;
    if (accountId) {
      await ensureAccount(trx, ctx.clock, accountId);
    } else {
      accountId = newId('acct', 16);
      await trx
        .insertInto('sandbox_accounts')
        .values({
          id: accountId,
          type: 'standard',
          email: input.email,
          business_name: input.businessName,
          charges_enabled: 0,
          details_submitted: 0,
          payouts_enabled: 0,
          deauthorized: 0,
          created: now,
        })
        .execute();
    }
    const token = newId('link', 32);
    await trx
      .insertInto('sandbox_account_links')
      .values({
        token,
        account_id: accountId,
        business_name: input.businessName,
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
        expires_at: now + LINK_TTL_SECONDS,
        used_at: null,
      })
      .execute();
    return { accountId, url: consentUrl(ctx, { link: token }) };
  });
}

export interface LinkView {
  state: 'open' | 'expired';
  accountId: string;
  businessName: string | null;
  refreshUrl: string;
}

export async function viewLink(ctx: SandboxContext, token: string): Promise<LinkView | null> {
  const link = await ctx.db
    .selectFrom('sandbox_account_links')
    .selectAll()
    .where('token', '=', token)
    .executeTakeFirst();
  if (!link) return null;
  const open = link.used_at === null && link.expires_at >= seconds(ctx.clock);
  return {
    state: open ? 'open' : 'expired',
    accountId: link.account_id,
    businessName: link.business_name,
    refreshUrl: link.refresh_url,
  };
}

/** Approve or leave the onboarding; returns where the browser goes next (null: unknown link). */
export async function decideLink(
  ctx: SandboxContext,
  token: string,
  approve: boolean,
): Promise<string | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('sandbox_account_links')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    if (!link) return null;
    const now = seconds(ctx.clock);
    if (link.used_at !== null || link.expires_at < now) return link.refresh_url;
    await trx.updateTable('sandbox_account_links').set({ used_at: now }).where('token', '=', token).execute();
    if (approve) {
      await trx
        .updateTable('sandbox_accounts')
        .set({ charges_enabled: 1, details_submitted: 1, payouts_enabled: 1, deauthorized: 0 })
        .where('id', '=', link.account_id)
        .execute();
      const account = await trx
        .selectFrom('sandbox_accounts')
        .selectAll()
        .where('id', '=', link.account_id)
        .executeTakeFirstOrThrow();
      await enqueueEvent(trx, ctx, 'account.updated', account.id, accountJson(account));
    }
    return link.return_url;
  });
}

/**
 * Like Stripe's registered redirect URIs: only our own origin (or a loopback host, this being a
 * local test double) may receive an authorization code.
 */
export function redirectUriAllowed(ctx: SandboxContext, redirectUri: string): boolean {
  let u: URL;
  try {
    u = new URL(redirectUri);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (u.origin === new URL(ctx.baseUrl).origin) return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** The OAuth consent decision: a new connected Standard account and a code, or access_denied. */
export async function decideOAuth(
  ctx: SandboxContext,
  input: { redirectUri: string; state: string; approve: boolean; businessName: string | null },
): Promise<string> {
  if (!input.approve) {
    return withParams(input.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied your request',
      state: input.state,
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const now = seconds(ctx.clock);
    const accountId = newId('acct', 16);
    await trx
      .insertInto('sandbox_accounts')
      .values({
        id: accountId,
        type: 'standard',
        email: null,
        business_name: input.businessName,
        charges_enabled: 1,
        details_submitted: 1,
        payouts_enabled: 1,
        deauthorized: 0,
        created: now,
      })
      .execute();
    const code = newId('ac', 32);
    await trx
      .insertInto('sandbox_oauth_codes')
      .values({ code, account_id: accountId, expires_at: now + OAUTH_CODE_TTL_SECONDS, used_at: null })
      .execute();
    return withParams(input.redirectUri, { code, scope: 'read_write', state: input.state });
  });
}

const grantError = (message: string) =>
  new ProviderRequestError({ type: 'oauth_error', code: 'invalid_grant', statusCode: 400, message });

export async function exchangeOAuthCode(ctx: SandboxContext, code: string): Promise<{ accountId: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sandbox_oauth_codes')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) throw grantError(`Authorization code does not exist: ${code}`);
    const now = seconds(ctx.clock);
    if (row.used_at !== null) {
      throw grantError(
        'This authorization code has already been used. All tokens issued with this code have been revoked.',
      );
    }
    if (row.expires_at < now) throw grantError(`Authorization code expired: ${code}`);
    await trx.updateTable('sandbox_oauth_codes').set({ used_at: now }).where('code', '=', code).execute();
    await trx
      .updateTable('sandbox_accounts')
      .set({ deauthorized: 0 })
      .where('id', '=', row.account_id)
      .execute();
    return { accountId: row.account_id };
  });
}
