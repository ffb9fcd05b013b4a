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
import { AppError } from '../errors.ts';
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

export const PAYTO_TYPE = 'payto';
export const PAYTO_NEEDS_AU = 'PayTo is for Australian merchants: set the country to AU to switch it on.';
export const PAYTO_NOT_OFFERED =
  "PayTo isn't offered for this invoice. Please pay by card or contact the merchant.";

/** The account-to-account methods a merchant switches on one by one, each with its own rule. */
export type AccountMethod = 'becs' | 'payto';

/** How each method is named in a surcharge rule, and its Stripe payment method type. */
const METHODS: Record<AccountMethod, { label: string; type: string; needsAu: string }> = {
  becs: { label: 'bank debit', type: BANK_DEBIT_TYPE, needsAu: BANK_DEBIT_NEEDS_AU },
  payto: { label: 'PayTo', type: PAYTO_TYPE, needsAu: PAYTO_NEEDS_AU },
};

/** The account method a Stripe payment method type is, if any. */
export function accountMethodOf(type: string): AccountMethod | null {
  return type === BANK_DEBIT_TYPE ? 'becs' : type === PAYTO_TYPE ? 'payto' : null;
}

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
  | 'becs_enabled'
  | 'becs_minimum_amount'
  | 'becs_surcharge_bps'
  | 'becs_surcharge_cap'
  | 'payto_enabled'
  | 'payto_minimum_amount'
  | 'payto_surcharge_bps'
  | 'payto_surcharge_cap'
  | 'country'
>;

/** A merchant's policy for one account method (BECS by default, or PayTo). */
export function bankDebitPolicyOf(m: PolicyColumns, method: AccountMethod = 'becs'): BankDebitPolicy {
  const columns =
    method === 'payto'
      ? [m.payto_enabled, m.payto_minimum_amount, m.payto_surcharge_bps, m.payto_surcharge_cap]
      : [m.becs_enabled, m.becs_minimum_amount, m.becs_surcharge_bps, m.becs_surcharge_cap];
  return {
    enabled: columns[0] === 1 && m.country.toUpperCase() === BANK_DEBIT_COUNTRY,
    minimumAmount: columns[1],
    bps: columns[2] as number,
    cap: columns[3],
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

/** The method's surcharge rule: rate, cap and how the quote names it ("bank debit: 1% capped at A$3.50"). */
export function bankDebitRate(
  policy: Pick<BankDebitPolicy, 'bps' | 'cap'>,
  currency: string = BANK_DEBIT_CURRENCY,
  method: AccountMethod = 'becs',
): { bps: number; cap: number | null; rule: string } {
  const label = METHODS[method].label;
  if (policy.bps === 0 || policy.cap === 0) return { bps: 0, cap: null, rule: `${label}: no surcharge` };
  const pct = `${percentageFromBps(policy.bps)}%`;
  if (policy.cap === null) return { bps: policy.bps, cap: null, rule: `${label}: ${pct}` };
  return {
    bps: policy.bps,
    cap: policy.cap,
    rule: `${label}: ${pct} capped at ${formatMoney(policy.cap, currency)}`,
  };
}

const minorAmount = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .max(99_999_999_999, `${what} is too large`);

/** One method's merchant API fields (amounts in minor units, the percentage as typed). */
function inputFields<P extends AccountMethod>(prefix: P, name: string) {
  return {
    [`${prefix}_enabled`]: z
      .boolean()
      .optional()
      .openapi({ description: `Offer ${name} (AUD invoices)` }),
    [`${prefix}_minimum_amount`]: minorAmount('The minimum invoice amount')
      .positive('The minimum invoice amount must be above zero')
      .nullish()
      .openapi({
        description: `Offer ${name} only on invoices of at least this much (minor units); null: any`,
      }),
    [`${prefix}_surcharge_percentage`]: SurchargePercentageInput.optional().openapi({
      type: 'number',
      example: 1,
    }),
    [`${prefix}_surcharge_cap`]: minorAmount('The surcharge cap')
      .min(0, 'The surcharge cap cannot be negative')
      .nullish()
      .openapi({ description: `The most the ${name} surcharge may be (minor units); null: no cap` }),
  } as {
    [K in `${P}_enabled`]: z.ZodOptional<z.ZodBoolean>;
  } & {
    [K in `${P}_minimum_amount` | `${P}_surcharge_cap`]: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
  } & { [K in `${P}_surcharge_percentage`]: z.ZodOptional<typeof SurchargePercentageInput> };
}

function outputFields<P extends AccountMethod>(prefix: P) {
  return {
    [`${prefix}_enabled`]: z.boolean(),
    [`${prefix}_minimum_amount`]: z.number().int().nullable(),
    [`${prefix}_surcharge_percentage`]: z.number(),
    [`${prefix}_surcharge_cap`]: z.number().int().nullable(),
  } as { [K in `${P}_enabled`]: z.ZodBoolean } & {
    [K in `${P}_minimum_amount` | `${P}_surcharge_cap`]: z.ZodNullable<z.ZodNumber>;
  } & { [K in `${P}_surcharge_percentage`]: z.ZodNumber };
}

/** The merchant API's bank debit and PayTo fields. */
export const bankDebitInputFields = {
  ...inputFields('becs', 'AU BECS Direct Debit'),
  ...inputFields('payto', 'PayTo'),
};

export const bankDebitOutputFields = { ...outputFields('becs'), ...outputFields('payto') };

export function bankDebitToApi(m: Omit<PolicyColumns, 'country'>) {
  return {
    becs_enabled: m.becs_enabled === 1,
    becs_minimum_amount: m.becs_minimum_amount,
    becs_surcharge_percentage: Number(percentageFromBps(m.becs_surcharge_bps)),
    becs_surcharge_cap: m.becs_surcharge_cap,
    payto_enabled: m.payto_enabled === 1,
    payto_minimum_amount: m.payto_minimum_amount,
    payto_surcharge_percentage: Number(percentageFromBps(m.payto_surcharge_bps)),
    payto_surcharge_cap: m.payto_surcharge_cap,
  };
}

type MethodInput = Partial<Record<`${AccountMethod}_enabled`, boolean>> &
  Partial<Record<`${AccountMethod}_minimum_amount` | `${AccountMethod}_surcharge_cap`, number | null>> &
  Partial<Record<`${AccountMethod}_surcharge_percentage`, number>>;

/**
 * The columns a create or update sets for both methods. Both are for Australian businesses:
 * switching one on (or moving a merchant that has one on to another country) needs country AU.
 */
export function accountMethodColumns(
  input: MethodInput,
  current: Pick<Merchant, 'country' | 'becs_enabled' | 'payto_enabled'>,
): Partial<Record<string, number | null>> {
  const changes: Record<string, number | null> = {};
  for (const method of ['becs', 'payto'] as const) {
    const enabled = input[`${method}_enabled`];
    if (enabled !== undefined) changes[`${method}_enabled`] = enabled ? 1 : 0;
    const minimum = input[`${method}_minimum_amount`];
    if (minimum !== undefined) changes[`${method}_minimum_amount`] = minimum ?? null;
    const percentage = input[`${method}_surcharge_percentage`];
    if (percentage !== undefined) changes[`${method}_surcharge_bps`] = percentage;
    const cap = input[`${method}_surcharge_cap`];
    if (cap !== undefined) changes[`${method}_surcharge_cap`] = cap ?? null;
    const on = (changes[`${method}_enabled`] ?? current[`${method}_enabled`]) === 1;
    if (on && current.country.toUpperCase() !== BANK_DEBIT_COUNTRY)
      throw new AppError('validation_failed', METHODS[method].needsAu, {
        field: enabled !== undefined ? `${method}_enabled` : 'country',
      });
  }
  return changes;
}
