/**
 * Stripe Connect for a merchant (spec §7, DESIGN §4): start onboarding (Account Links for a new
 * account, or OAuth for an existing Standard account), complete the callback, disconnect. The
 * merchant's connection fields follow the account: `account.updated` webhooks and the callback
 * keep `stripe_charges_enabled`, `stripe_onboarding_complete` (the console's Active badge) current.
 */
import { CONNECT_MESSAGES } from '../../core/messages.ts';
import { audit } from '../audit/service.ts';
import { consumeOAuthState, issueOAuthState } from '../auth/oauth-state.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import {
  findMerchantById,
  parseMetadata,
  setStripeAccount,
  type StripeAccountFields,
} from '../merchants/rows.ts';
import { ensurePlatformDomain } from '../merchants/payment-domains.ts';
import { connectedAccountId } from '../merchants/resolve.ts';
import { getMerchantOr404, type Actor } from '../merchants/service.ts';
import type { ConnectedAccount } from '../ports/payment-provider.ts';
import { merchantChanged } from '../merchants/changes.ts';

export const CONNECT_MERCHANT_NOT_FOUND = 'Could not find merchant details';
export const CONNECT_FAILED = CONNECT_MESSAGES.connectFailed;
export const DISCONNECT_FAILED = CONNECT_MESSAGES.disconnectFailed;
export const NO_CODE = CONNECT_MESSAGES.noCode;
export const NO_STATE = CONNECT_MESSAGES.noState;
export const BAD_STATE =
  'This connection link has expired or was already used. Please start again from the merchant page.';

export function accountStatusFields(account: ConnectedAccount): StripeAccountFields {
  const complete = account.chargesEnabled && account.detailsSubmitted;
  return {
    stripe_charges_enabled: account.chargesEnabled ? 1 : 0,
    stripe_onboarding_complete: complete ? 1 : 0,
    stripe_connect_status: complete
      ? 'active'
      : account.detailsSubmitted
        ? 'pending_verification'
        : 'onboarding',
  };
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export async function startConnect(
  deps: AppDeps,
  input: { merchantId: string; redirectUri: string; mode: 'oauth' | 'onboarding' },
  actor: Actor,
) {
  const merchant = await getMerchantOr404(deps, input.merchantId, CONNECT_MERCHANT_NOT_FOUND);
  const db = deps.database.db;
  const state = await issueOAuthState(deps, db, merchant.id, `stripe_${input.mode}`);
  let url: string;
  let accountId: string | null = null;
  try {
    if (input.mode === 'oauth') {
      url = deps.payments.oauthAuthorizeUrl({ state, redirectUri: input.redirectUri });
    } else {
      const back = withQuery(input.redirectUri, { state });
      const link = await deps.payments.createOnboardingLink({
        merchantId: merchant.id,
        email: merchant.email,
        businessName: merchant.business_name,
        existingAccountId: connectedAccountId(merchant),
        refreshUrl: back,
        returnUrl: back,
      });
      url = link.url;
      accountId = link.accountId;
    }
  } catch (err) {
    deps.logger.warn({ merchantId: merchant.id, err: (err as Error).message }, 'connect start failed');
    throw new AppError('provider_error', CONNECT_FAILED, { cause: err });
  }
  await db.transaction().execute(async (trx) => {
    const now = deps.clock.now().toISOString();
    if (accountId && accountId !== merchant.stripe_account_id)
      await setStripeAccount(
        trx,
        merchant.id,
        {
          stripe_account_id: accountId,
          stripe_connect_status: 'onboarding',
          stripe_charges_enabled: 0,
          stripe_onboarding_complete: 0,
        },
        now,
      );
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.stripe_connect_started',
        targetType: 'merchant',
        targetId: merchant.id,
        details: { mode: input.mode, accountId },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  merchantChanged(deps);
  return { url, state, mode: input.mode, accountId };
}

export async function completeConnect(
  deps: AppDeps,
  input: { code?: string | null; state?: string | null },
  actor: Actor,
  /** Throws unless the caller may connect this merchant (api/auth/access.ts), before anything changes. */
  authorize: (merchantId: string) => void = () => {},
) {
  const stateText = input.state?.trim();
  if (!stateText) throw new AppError('validation_failed', NO_STATE, { field: 'state' });
  const db = deps.database.db;
  const consumed = await consumeOAuthState(deps, db, stateText, ['stripe_oauth', 'stripe_onboarding']);
  if (!consumed) throw new AppError('validation_failed', BAD_STATE, { field: 'state' });
  authorize(consumed.merchantId);
  const mode = consumed.purpose === 'stripe_oauth' ? 'oauth' : 'onboarding';
  const merchant = await getMerchantOr404(deps, consumed.merchantId, CONNECT_MERCHANT_NOT_FOUND);
  const code = input.code?.trim();
  if (mode === 'oauth' && !code) throw new AppError('validation_failed', NO_CODE, { field: 'code' });

  let accountId: string | null;
  try {
    accountId =
      mode === 'oauth'
        ? (await deps.payments.exchangeOAuthCode(code!)).accountId
        : connectedAccountId(merchant);
    if (!accountId) throw new Error('no account to complete');
  } catch (err) {
    deps.logger.warn({ merchantId: merchant.id, err: (err as Error).message }, 'connect exchange failed');
    await db.transaction().execute(async (trx) => {
      await setStripeAccount(
        trx,
        merchant.id,
        {
          stripe_connect_status: 'pending_manual_processing',
        },
        deps.clock.now().toISOString(),
      );
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'merchant.stripe_connect_pending',
          targetType: 'merchant',
          targetId: merchant.id,
          details: { reason: (err as Error).message.slice(0, 200) },
          ip: actor.ip,
        },
        deps.clock,
      );
    });
    merchantChanged(deps);
    return {
      status: 'pending' as const,
      success: false,
      merchant_id: merchant.id,
      account_id: null,
      message: 'We could not confirm the connection with Stripe yet. It will be completed manually.',
    };
  }
  let fields: StripeAccountFields = {
    stripe_connect_status: 'onboarding',
    stripe_charges_enabled: 0,
    stripe_onboarding_complete: 0,
  };
  try {
    fields = accountStatusFields(await deps.payments.retrieveAccount(accountId));
  } catch (err) {
    deps.logger.warn({ accountId, err: (err as Error).message }, 'could not retrieve the connected account');
  }
  await db.transaction().execute(async (trx) => {
    await setStripeAccount(
      trx,
      merchant.id,
      {
        ...fields,
        stripe_account_id: accountId,
      },
      deps.clock.now().toISOString(),
    );
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.stripe_connected',
        targetType: 'merchant',
        targetId: merchant.id,
        details: { accountId, mode },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  merchantChanged(deps);
  // Wallets on the hosted pay page need its domain registered on the new account (best effort).
  const connected = await findMerchantById(db, merchant.id);
  if (connected) await ensurePlatformDomain(deps, connected);
  return {
    status: 'connected' as const,
    success: true,
    merchant_id: merchant.id,
    account_id: accountId,
    charges_enabled: fields.stripe_charges_enabled === 1,
    onboarding_complete: fields.stripe_onboarding_complete === 1,
  };
}

const ACCOUNT_KEYS = ['stripe_account_id', 'stripe_connect_id', 'stripe_id', 'connected_account_id'];

export async function disconnectStripe(deps: AppDeps, merchantId: string, actor: Actor) {
  const merchant = await getMerchantOr404(deps, merchantId, CONNECT_MERCHANT_NOT_FOUND);
  const accountId = connectedAccountId(merchant);
  if (accountId) {
    try {
      await deps.payments.disconnectAccount(accountId);
    } catch (err) {
      deps.logger.warn({ merchantId, err: (err as Error).message }, 'disconnect failed');
      throw new AppError('provider_error', DISCONNECT_FAILED, { cause: err });
    }
  }
  const meta = parseMetadata(merchant.metadata);
  const hadMetaAccount = ACCOUNT_KEYS.some((k) => k in meta);
  for (const k of ACCOUNT_KEYS) delete meta[k];
  await deps.database.db.transaction().execute(async (trx) => {
    await setStripeAccount(
      trx,
      merchantId,
      {
        stripe_account_id: null,
        stripe_connect_id: null,
        stripe_charges_enabled: 0,
        stripe_onboarding_complete: 0,
        stripe_connect_status: 'disconnected',
        ...(hadMetaAccount ? { metadata: JSON.stringify(meta) } : {}),
      },
      deps.clock.now().toISOString(),
    );
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.stripe_disconnected',
        targetType: 'merchant',
        targetId: merchantId,
        details: { accountId },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  merchantChanged(deps);
  return { success: true, merchant_id: merchantId, disconnected_account_id: accountId };
}
