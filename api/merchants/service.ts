/**
 * Merchant administration: create (defaults: surcharge 2.95 %, status active, shortcode = first 8
 * characters of the id, accounting payment URL), update, soft delete (payments are kept), and the
 * API object. Every write is audited in the same transaction.
 */
import { buildAccountingPaymentUrl, shortcodeFromId } from '../../core/link-params.ts';
import { DEFAULT_SURCHARGE_BPS, percentageFromBps } from '../../core/money.ts';
import { audit } from '../audit/service.ts';
import type { Actor } from '../audit/actor.ts';
import type { AppDeps } from '../context.ts';
import type { Merchant, MerchantUpdate } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { addMember } from './team-members.ts';
import {
  findMerchantById,
  findMerchantByShortcode,
  insertMerchant,
  parseMetadata,
  updateMerchant,
} from './repository.ts';
import { accountMethodColumns, bankDebitToApi } from './bank-debit.ts';
import { connectedAccountId } from './resolve.ts';
import type { MerchantCreateInput, MerchantUpdateInput } from './schema.ts';
import { parseRules, rulesToApi } from './surcharge.ts';
import { merchantChanged } from './changes.ts';

export const ADMIN_MERCHANT_NOT_FOUND = 'Merchant not found';

export type { Actor } from '../audit/actor.ts';

export function toApiMerchant(m: Merchant, publicBaseUrl: string) {
  return {
    id: m.id,
    shortcode: m.shortcode,
    business_name: m.business_name,
    name: m.name,
    email: m.email,
    phone: m.phone,
    description: m.description,
    status: m.status,
    status_reason: m.status_reason,
    status_changed_at: m.status_changed_at,
    country: m.country,
    time_zone: m.time_zone,
    logo_url: m.logo_url,
    brand_color: m.brand_color,
    invoice_details_on_links: m.invoice_details_on_links === 1,
    staff_refund_limit: m.staff_refund_limit === null ? null : Number(m.staff_refund_limit),
    surcharge_enabled: m.surcharge_enabled === 1,
    surcharge_percentage: Number(percentageFromBps(m.surcharge_bps)),
    surcharge_rules: rulesToApi(parseRules(m.surcharge_rules)),
    ...bankDebitToApi(m),
    xero_payment_url: m.xero_payment_url,
    payment_url: buildAccountingPaymentUrl(publicBaseUrl, m.id, m.shortcode),
    stripe_account_id: connectedAccountId(m),
    stripe_connect_id: m.stripe_connect_id,
    stripe_onboarding_complete: m.stripe_onboarding_complete === 1,
    stripe_charges_enabled: m.stripe_charges_enabled === 1,
    stripe_connect_status: m.stripe_connect_status,
    metadata: parseMetadata(m.metadata),
    make_webhook_url: m.make_webhook_url,
    make_scenario_id: m.make_scenario_id,
    xero_integration_status: m.xero_integration_status,
    created_at: m.created_at,
    last_updated: m.last_updated,
  };
}

/** The (not deleted) merchant, or 404 with `notFoundMessage` (a flow's own text from the spec). */
export async function getMerchantOr404(
  deps: Pick<AppDeps, 'database'>,
  id: string,
  notFoundMessage: string = ADMIN_MERCHANT_NOT_FOUND,
): Promise<Merchant> {
  const merchant = await findMerchantById(deps.database.db, id);
  if (!merchant) throw new AppError('not_found', notFoundMessage);
  return merchant;
}

export async function createMerchant(
  deps: AppDeps,
  input: MerchantCreateInput,
  actor: Actor,
  /** Sign-up (issue 32): the new merchant's first owner, in the same transaction. */
  owner: { userId: string } | null = null,
): Promise<Merchant> {
  const now = deps.clock.now().toISOString();
  return deps.database.db.transaction().execute(async (trx) => {
    // The shortcode is the id's first 8 characters and must be unique: a collision draws a new id.
    let id = crypto.randomUUID();
    for (let i = 0; i < 10 && (await findMerchantByShortcode(trx, shortcodeFromId(id))); i++)
      id = crypto.randomUUID();
    const shortcode = shortcodeFromId(id);
    await insertMerchant(trx, {
      id,
      shortcode,
      business_name: input.business_name,
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      description: input.description,
      status: input.status ?? 'active',
      surcharge_enabled: input.surcharge_enabled === false ? 0 : 1,
      surcharge_bps: input.surcharge_percentage ?? DEFAULT_SURCHARGE_BPS,
      surcharge_rules: input.surcharge_rules?.length ? JSON.stringify(input.surcharge_rules) : null,
      // Created with a surcharge named: chosen. Otherwise the default waits for the owner's choice.
      surcharge_chosen_at:
        input.surcharge_enabled !== undefined || input.surcharge_percentage !== undefined ? now : null,
      country: input.country ?? 'AU',
      ...accountMethodColumns(input, { country: input.country ?? 'AU', becs_enabled: 0, payto_enabled: 0 }),
      time_zone: input.time_zone ?? deps.config.defaultTimeZone,
      logo_url: input.logo_url ?? null,
      brand_color: input.brand_color ?? null,
      invoice_details_on_links: input.invoice_details_on_links ? 1 : 0,
      // Staff cannot refund until an owner sets a limit (DESIGN §6, round four); null: any amount.
      staff_refund_limit: input.staff_refund_limit === undefined ? 0 : input.staff_refund_limit,
      xero_payment_url: buildAccountingPaymentUrl(deps.config.publicBaseUrl, id, shortcode),
      stripe_account_id: null,
      created_at: now,
      last_updated: now,
    });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.create',
        targetType: 'merchant',
        targetId: id,
        details: { business_name: input.business_name, ...(owner ? { owner: owner.userId } : {}) },
        ip: actor.ip,
      },
      deps.clock,
    );
    if (owner) await addMember(trx, id, owner.userId, 'owner', null, now);
    return (await findMerchantById(trx, id))!;
  });
}

export async function updateMerchantDetails(
  deps: AppDeps,
  id: string,
  input: MerchantUpdateInput,
  actor: Actor,
): Promise<Merchant> {
  const updated = await deps.database.db.transaction().execute(async (trx) => {
    const existing = await findMerchantById(trx, id);
    if (!existing) throw new AppError('not_found', ADMIN_MERCHANT_NOT_FOUND);
    const changes: MerchantUpdate = {};
    if (input.business_name !== undefined) changes.business_name = input.business_name;
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) changes.email = input.email.toLowerCase();
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.description !== undefined) changes.description = input.description;
    if (input.status !== undefined) changes.status = input.status;
    if (input.country !== undefined) changes.country = input.country;
    if (input.time_zone !== undefined) changes.time_zone = input.time_zone ?? deps.config.defaultTimeZone;
    if (input.logo_url !== undefined) changes.logo_url = input.logo_url;
    if (input.brand_color !== undefined) changes.brand_color = input.brand_color;
    if (input.surcharge_enabled !== undefined) changes.surcharge_enabled = input.surcharge_enabled ? 1 : 0;
    if (input.invoice_details_on_links !== undefined)
      changes.invoice_details_on_links = input.invoice_details_on_links ? 1 : 0;
    if (input.staff_refund_limit !== undefined) changes.staff_refund_limit = input.staff_refund_limit ?? null;
    if (input.surcharge_percentage !== undefined) changes.surcharge_bps = input.surcharge_percentage;
    if (input.surcharge_rules !== undefined)
      changes.surcharge_rules = input.surcharge_rules?.length ? JSON.stringify(input.surcharge_rules) : null;
    // Saving the surcharge, even unchanged, is the owner's choice of it (the setup checklist).
    if (
      existing.surcharge_chosen_at === null &&
      (input.surcharge_enabled !== undefined ||
        input.surcharge_percentage !== undefined ||
        input.surcharge_rules !== undefined)
    )
      changes.surcharge_chosen_at = deps.clock.now().toISOString();
    Object.assign(changes, accountMethodColumns(input, { ...existing, ...changes }));
    const changed = Object.keys(changes).filter(
      (k) => (changes as Record<string, unknown>)[k] !== (existing as Record<string, unknown>)[k],
    );
    if (changed.length > 0) {
      await updateMerchant(trx, id, { ...changes, last_updated: deps.clock.now().toISOString() });
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'merchant.update',
          targetType: 'merchant',
          targetId: id,
          details: { changed },
          ip: actor.ip,
        },
        deps.clock,
      );
    }
    return (await findMerchantById(trx, id))!;
  });
  merchantChanged(deps); // after the commit, so no session re-caches the old row
  return updated;
}

/** Soft delete: the merchant disappears from lookups and lists; its payments stay (spec §9). */
export async function deleteMerchant(deps: AppDeps, id: string, actor: Actor): Promise<Merchant> {
  const deleted = await deps.database.db.transaction().execute(async (trx) => {
    const existing = await findMerchantById(trx, id);
    if (!existing) throw new AppError('not_found', ADMIN_MERCHANT_NOT_FOUND);
    const now = deps.clock.now().toISOString();
    await updateMerchant(trx, id, { deleted_at: now, last_updated: now });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'merchant.delete',
        targetType: 'merchant',
        targetId: id,
        details: { business_name: existing.business_name },
        ip: actor.ip,
      },
      deps.clock,
    );
    return existing;
  });
  merchantChanged(deps);
  return deleted;
}
