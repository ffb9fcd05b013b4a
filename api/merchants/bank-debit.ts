/**
 * A merchant's AU BECS Direct Debit policy: off by default; when on, offered on AUD
 * invoices only, from an optional minimum invoice amount, with its own surcharge rule — a percentage
 * with an optional cap (e.g. 1 % capped at A$3.50), or none. Bank debits cost the merchant a small,
 * capped fee, so they get their own rule instead of the card rules; the quote shows it like a card
 * rule ("bank debit: 1% capped at A$3.50").
 *
 * "Invoice amount" for the minimum is what the payment link says is due (the live amount due with a
 * connected accounting tool); a link without an amount is judged by the amount being paid.
 *
 * @example
 *   const policy = bankDebitPolicyOf(merchant); // { enabled: true, minimumAmount: 500000, bps: 100, cap: 350 }
 *   bankDebitOffered(policy, 'AUD', 1_250_000); // true
 *   bankDebitRate(policy, 'AUD'); // { bps: 100, cap: 350, rule: 'bank debit: 1% capped at A$3.50' }
 */
import { z } from '@hono/zod-openapi';
import { formatMoney, percentageFromBps } from '../../core/money.ts';
import type { Merchant } from '../db/types.ts';
import { SurchargePercentageInput } from './surcharge.ts';

/** Stripe's payment method type for AU BECS Direct Debit. */
export const BANK_DEBIT_TYPE = 'au_becs_debit';
/** The only currency BECS debits in. */
export const BANK_DEBIT_CURRENCY = 'AUD';
/** BECS debits Australian bank accounts for Australian businesses. */
export const BANK_DEBIT_COUNTRY = 'AU';

export const BANK_DEBIT_NEEDS_AU =
  'BECS Direct Debit is for Australian merchants: set the country to AU to switch it on.';
export const BANK_DEBIT_NOT_OFFERED =
  "Bank debit isn't offered for this invoice. Please pay by card or contact the merchant.";

export interface BankDebitPolicy {
  enabled: boolean;
  /** Minor units (AUD); null: any invoice. */
  minimumAmount: number | null;
  bps: number;
  /** Minor units (AUD); null: no cap. */
  cap: number | null;
}

type PolicyColumns = Pick<
  Merchant,
  'becs_enabled' | 'becs_minimum_amount' | 'becs_surcharge_bps' | 'becs_surcharge_cap' | 'country'
>;

export function bankDebitPolicyOf(m: PolicyColumns): BankDebitPolicy {
  return {
    enabled: m.becs_enabled === 1 && m.country.toUpperCase() === BANK_DEBIT_COUNTRY,
    minimumAmount: m.becs_minimum_amount,
    bps: m.becs_surcharge_bps,
    cap: m.becs_surcharge_cap,
  };
}

/** Whether a customer may pay this invoice by bank debit (`invoiceAmount`: minor units, null: unknown). */
export function bankDebitOffered(
  policy: BankDebitPolicy,
  currency: string,
  invoiceAmount: number | null,
): boolean {
  if (!policy.enabled || currency.toUpperCase() !== BANK_DEBIT_CURRENCY) return false;
  if (policy.minimumAmount === null) return true;
  return invoiceAmount !== null && invoiceAmount >= policy.minimumAmount;
}

/** The bank debit surcharge rule: rate, cap and how the quote names it. */
export function bankDebitRate(
  policy: Pick<BankDebitPolicy, 'bps' | 'cap'>,
  currency: string = BANK_DEBIT_CURRENCY,
): { bps: number; cap: number | null; rule: string } {
  if (policy.bps === 0 || policy.cap === 0) return { bps: 0, cap: null, rule: 'bank debit: no surcharge' };
  const pct = `${percentageFromBps(policy.bps)}%`;
  if (policy.cap === null) return { bps: policy.bps, cap: null, rule: `bank debit: ${pct}` };
  return {
    bps: policy.bps,
    cap: policy.cap,
    rule: `bank debit: ${pct} capped at ${formatMoney(policy.cap, currency)}`,
  };
}

const minorAmount = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .max(99_999_999_999, `${what} is too large`);

/** The merchant API's bank debit fields (amounts in minor units, the percentage as typed). */
export const bankDebitInputFields = {
  becs_enabled: z.boolean().optional().openapi({ description: 'Offer AU BECS Direct Debit (AUD invoices)' }),
  becs_minimum_amount: minorAmount('The minimum invoice amount')
    .positive('The minimum invoice amount must be above zero')
    .nullish()
    .openapi({
      description: 'Offer bank debit only on invoices of at least this much (minor units); null: any',
    }),
  becs_surcharge_percentage: SurchargePercentageInput.optional().openapi({ type: 'number', example: 1 }),
  becs_surcharge_cap: minorAmount('The surcharge cap')
    .min(0, 'The surcharge cap cannot be negative')
    .nullish()
    .openapi({ description: 'The most the bank debit surcharge may be (minor units); null: no cap' }),
};

export const bankDebitOutputFields = {
  becs_enabled: z.boolean(),
  becs_minimum_amount: z.number().int().nullable(),
  becs_surcharge_percentage: z.number(),
  becs_surcharge_cap: z.number().int().nullable(),
};

export function bankDebitToApi(m: Omit<PolicyColumns, 'country'>) {
  return {
    becs_enabled: m.becs_enabled === 1,
    becs_minimum_amount: m.becs_minimum_amount,
    becs_surcharge_percentage: Number(percentageFromBps(m.becs_surcharge_bps)),
    becs_surcharge_cap: m.becs_surcharge_cap,
  };
}
