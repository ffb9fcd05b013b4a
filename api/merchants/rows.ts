/**
 * A merchant's row as the domains above merchants read it, and the two things they keep on it
 * (issue 35: no domain imports another's repository): reads by id (a deleted merchant too, for what
 * it was paid through) and by its Stripe account; the Stripe account's state (Stripe Connect
 * onboarding, the provider's account events, the demo seed) and the automation webhook's settings.
 * What merchants decide themselves (create, settings, delete) is their service (service.ts).
 */
import type { DbOrTrx } from '../db/database.ts';
import type { MerchantUpdate } from '../db/types.ts';
import { updateMerchant } from './repository.ts';

export {
  findMerchantById,
  findMerchantEvenDeleted,
  findMerchantsByAccount,
  parseMetadata,
  setMerchantTimeZone,
} from './repository.ts';

/** The merchant's Stripe account and what Stripe says of it (and the metadata that named it). */
export type StripeAccountFields = Pick<
  MerchantUpdate,
  | 'stripe_account_id'
  | 'stripe_connect_id'
  | 'stripe_charges_enabled'
  | 'stripe_onboarding_complete'
  | 'stripe_connect_status'
  | 'metadata'
>;

export function setStripeAccount(db: DbOrTrx, merchantId: string, fields: StripeAccountFields, at: string) {
  return updateMerchant(db, merchantId, { ...fields, last_updated: at });
}

/** The automation webhook (Make, Zapier, n8n) the merchant set: URL, scenario, version, events. */
export type AutomationWebhookFields = Pick<
  MerchantUpdate,
  | 'make_webhook_url'
  | 'make_scenario_id'
  | 'xero_integration_status'
  | 'webhook_version'
  | 'webhook_enabled_events'
>;

export function setAutomationWebhook(
  db: DbOrTrx,
  merchantId: string,
  fields: AutomationWebhookFields,
  at: string,
) {
  return updateMerchant(db, merchantId, { ...fields, last_updated: at });
}
