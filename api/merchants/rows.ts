/**
 * A merchant's row as the domains above merchants read and change it (issue 35: no domain imports
 * another's repository). Reads by id (a deleted merchant too, for what it was paid through), by its
 * Stripe account; changes of the columns other domains keep up to date — the Stripe account's state
 * (connect, provider webhooks), the accounting tool's time zone, the automation webhook's settings.
 * What merchants decide themselves (create, settings, delete) is their service (service.ts).
 */
export {
  findMerchantById,
  findMerchantEvenDeleted,
  findMerchantsByAccount,
  parseMetadata,
  setMerchantTimeZone,
  updateMerchant,
} from './repository.ts';
