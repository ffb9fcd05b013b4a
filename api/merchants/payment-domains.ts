/**
 * Payment method domains (Stripe's API, DESIGN §4): Apple Pay and Google Pay are offered by the
 * Payment Element only on pages whose domain is registered for the merchant's connected account
 * (direct charges). The platform's own host (`PUBLIC_BASE_URL`: the hosted `/pay` page) is
 * registered when a merchant connects; an admin adds the merchant's own sites (where they embed
 * `<invoice-pay>`). Each registration's Apple Pay / Google Pay status is kept and shown in the
 * console; an admin can ask the provider to check a domain again. A registration that fails is
 * recorded as failed with the provider's reason — never lost silently.
 */
import type { AppDeps } from '../context.ts';
import type { DomainStatus, Merchant, PaymentMethodDomainRow } from '../db/types.ts';
import { audit } from '../audit/service.ts';
import { AppError } from '../errors.ts';
import type { PaymentMethodDomain } from '../ports/payment-provider.ts';
import { connectedAccountId } from './resolve.ts';
import type { Actor } from './service.ts';
import {
  deleteDomain,
  domainsOfMerchant,
  findDomainByName,
  findDomainOfMerchant,
  updateDomain,
  upsertDomain,
} from './payment-domains-repository.ts';

export const NO_ACCOUNT_FOR_DOMAINS =
  'Connect this merchant to Stripe first: domains are registered on its connected account.';
export const INVALID_DOMAIN = 'Enter a domain name such as pay.supplier.com.au (no https:// and no path).';
export const DOMAIN_NOT_FOUND = 'Domain not found.';

const HOST =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^localhost$|^\d{1,3}(\.\d{1,3}){3}$/;

/** A domain name from what an admin typed (a URL is reduced to its host), or null. */
export function normalizeDomain(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(s)) {
    try {
      s = new URL(s).hostname;
    } catch {
      return null;
    }
  }
  s = s.replace(/\.$/, '');
  return HOST.test(s) ? s : null;
}

export function toApiDomain(d: PaymentMethodDomainRow) {
  const statuses = [d.apple_pay_status, d.google_pay_status];
  const status: DomainStatus = statuses.includes('failed')
    ? 'failed'
    : statuses.every((x) => x === 'active')
      ? 'active'
      : statuses.includes('pending')
        ? 'pending'
        : 'inactive';
  return {
    id: d.id,
    domain: d.domain,
    source: d.source,
    status,
    apple_pay: d.apple_pay_status,
    google_pay: d.google_pay_status,
    detail: d.status_detail,
    provider_domain_id: d.provider_domain_id,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

export async function listDomains(deps: AppDeps, merchantId: string) {
  const rows = await domainsOfMerchant(deps.database.db, merchantId);
  return rows.map(toApiDomain);
}

function statusFields(d: PaymentMethodDomain) {
  const errors = [d.applePay.error, d.googlePay.error].filter((e): e is string => Boolean(e));
  return {
    provider_domain_id: d.id,
    apple_pay_status: d.applePay.status as DomainStatus,
    google_pay_status: d.googlePay.status as DomainStatus,
    status_detail: errors.length ? [...new Set(errors)].join(' ') : null,
  };
}

async function saveStatus(
  deps: AppDeps,
  id: string,
  call: () => Promise<PaymentMethodDomain>,
): Promise<PaymentMethodDomainRow> {
  let fields;
  try {
    fields = statusFields(await call());
  } catch (err) {
    deps.logger.warn({ domainId: id, err: (err as Error).message }, 'payment method domain not registered');
    fields = {
      apple_pay_status: 'failed' as const,
      google_pay_status: 'failed' as const,
      status_detail: (err as Error).message.slice(0, 500),
    };
  }
  const now = deps.clock.now().toISOString();
  return updateDomain(deps.database.db, id, { ...fields, updated_at: now });
}

/** Register `domain` for the merchant's connected account (again, if it is known): its status now. */
export async function registerDomain(
  deps: AppDeps,
  merchant: Merchant,
  domain: string,
  source: 'platform' | 'merchant',
  actor: Actor | null,
) {
  const account = connectedAccountId(merchant);
  if (!account) throw new AppError('conflict', NO_ACCOUNT_FOR_DOMAINS);
  const name = normalizeDomain(domain);
  if (!name) throw new AppError('validation_failed', INVALID_DOMAIN, { field: 'domain' });
  const now = deps.clock.now().toISOString();
  const db = deps.database.db;
  const row = await db.transaction().execute(async (trx) => {
    const row = await upsertDomain(trx, {
      id: crypto.randomUUID(),
      merchant_id: merchant.id,
      domain: name,
      source,
      stripe_account_id: account,
      created_by: actor?.user?.id ?? null,
      created_at: now,
      updated_at: now,
    });
    if (actor)
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'merchant.payment_domain_added',
          targetType: 'merchant',
          targetId: merchant.id,
          details: { domain: name },
          ip: actor.ip,
        },
        deps.clock,
      );
    return row;
  });
  return toApiDomain(
    await saveStatus(deps, row.id, () => deps.payments.registerPaymentMethodDomain(name, account)),
  );
}

async function domainOr404(deps: AppDeps, merchantId: string, domainId: string) {
  const row = await findDomainOfMerchant(deps.database.db, merchantId, domainId);
  if (!row) throw new AppError('not_found', DOMAIN_NOT_FOUND);
  return row;
}

/** Ask the provider to check a domain again (or register it, if it never was). */
export async function refreshDomain(deps: AppDeps, merchant: Merchant, domainId: string) {
  const row = await domainOr404(deps, merchant.id, domainId);
  const account = connectedAccountId(merchant);
  if (!account) throw new AppError('conflict', NO_ACCOUNT_FOR_DOMAINS);
  const providerId = row.stripe_account_id === account ? row.provider_domain_id : null;
  const call = providerId
    ? () => deps.payments.validatePaymentMethodDomain(providerId, account)
    : () => deps.payments.registerPaymentMethodDomain(row.domain, account);
  if (!providerId) await updateDomain(deps.database.db, row.id, { stripe_account_id: account });
  return toApiDomain(await saveStatus(deps, row.id, call));
}

/**
 * Stop tracking a merchant's site domain here. The registration stays on the connected account
 * (harmless; the merchant's own Stripe Dashboard can remove it). The platform's domain stays.
 */
export async function removeDomain(deps: AppDeps, merchant: Merchant, domainId: string, actor: Actor) {
  const row = await domainOr404(deps, merchant.id, domainId);
  if (row.source === 'platform')
    throw new AppError(
      'conflict',
      'The payment page’s own domain is needed for wallets and stays registered.',
    );
  await deps.database.db.transaction().execute(async (trx) => {
    await deleteDomain(trx, row.id);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.payment_domain_removed',
        targetType: 'merchant',
        targetId: merchant.id,
        details: { domain: row.domain },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
}

/**
 * The platform's host (`PUBLIC_BASE_URL`) on a merchant's connected account, once: called when a
 * merchant is connected (and when its account starts taking charges). Best effort: a failure is
 * recorded on the row (the console shows it, an admin can retry) and never fails the caller.
 */
export async function ensurePlatformDomain(deps: AppDeps, merchant: Merchant): Promise<void> {
  const account = connectedAccountId(merchant);
  if (!account) return;
  const host = new URL(deps.config.publicBaseUrl).hostname.toLowerCase();
  const known = await findDomainByName(deps.database.db, merchant.id, host);
  if (known && known.stripe_account_id === account && known.apple_pay_status !== 'failed') return;
  try {
    await registerDomain(deps, merchant, host, 'platform', null);
  } catch (err) {
    deps.logger.warn(
      { merchantId: merchant.id, err: (err as Error).message },
      'platform domain not registered',
    );
  }
}
