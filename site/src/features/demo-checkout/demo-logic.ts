/**
 * The demo checkout's rules (spec §2 "Demo checkout", §5 "Demo amount", §9), kept free of React so
 * they are unit-tested: a 600.00 AUD invoice, amounts typed as digits and one decimal point with at
 * most 2 decimals and never above the amount due, quick 25/50/75/100 % buttons, a 2.95 % surcharge
 * computed with the same integer money maths as real payments, and en-AU formatting.
 */
import { AMOUNT_MESSAGES } from '../../../../core/messages.ts';
import {
  computeSurcharge,
  formatMoney,
  fromMinorUnits,
  percentOf,
  toMinorUnits,
  type BalancePercent,
} from '../../../../core/money.ts';

export const DEMO_INVOICE = {
  invoiceNumber: 'INV-0042',
  /** 600.00 AUD in cents. */
  amountDue: 60_000,
  currency: 'AUD',
  shortCode: 'DEMO2024',
} as const;

export const DEMO_SURCHARGE_BPS = 295;
export const DEMO_QUICK_PERCENTS: readonly BalancePercent[] = [25, 50, 75, 100];
/** Both simulated waits: preparing the invoice, and processing the payment. */
export const DEMO_DELAY_MS = 1500;
/** Make Another Payment resets the form after this long. */
export const DEMO_RESET_MS = 1000;

export const DEMO_MESSAGES = {
  invalidAmount: AMOUNT_MESSAGES.invalid,
  holderRequired: 'Card holder name is required',
  numberRequired: 'Card number is required',
  expiryRequired: 'Expiry date is required',
  cvvRequired: 'CVV is required',
} as const;

/**
 * What the amount box keeps of what was typed: digits and the first decimal point (later points
 * dropped), at most 2 decimals, and never more than the amount due (clamped to it).
 *
 * @example
 * sanitizeDemoAmount('1,2a3.4.5.6'); // '123.45'
 * sanitizeDemoAmount('9999');        // '600.00'
 */
export function sanitizeDemoAmount(raw: string, maxMinor: number = DEMO_INVOICE.amountDue): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  let text =
    dot === -1
      ? kept
      : kept.slice(0, dot + 1) +
        kept
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  const minor = toMinorUnits(text === '.' ? '0' : text || '0', DEMO_INVOICE.currency) ?? 0;
  if (minor > maxMinor) text = fromMinorUnits(maxMinor, DEMO_INVOICE.currency);
  return text;
}

/** The amount in cents for a sanitised amount text; 0 for an empty or unusable text. */
export function demoAmountMinor(text: string): number {
  if (!/\d/.test(text)) return 0;
  return toMinorUnits(text, DEMO_INVOICE.currency) ?? 0;
}

/** The amount text a quick button puts in the box. */
export function quickAmountText(percent: BalancePercent): string {
  return fromMinorUnits(percentOf(DEMO_INVOICE.amountDue, percent), DEMO_INVOICE.currency);
}

export interface DemoBreakdown {
  amount: number;
  surcharge: number;
  total: number;
  /** What would still be owed on the invoice after this payment. */
  remaining: number;
  isPartial: boolean;
}

export function demoBreakdown(amountMinor: number): DemoBreakdown {
  const amount = Math.max(0, Math.min(amountMinor, DEMO_INVOICE.amountDue));
  const surcharge = computeSurcharge(amount, DEMO_SURCHARGE_BPS);
  const remaining = DEMO_INVOICE.amountDue - amount;
  return { amount, surcharge, total: amount + surcharge, remaining, isPartial: amount > 0 && remaining > 0 };
}

/** en-AU money, e.g. '$600.00'. */
export function formatAud(minor: number): string {
  return formatMoney(minor, DEMO_INVOICE.currency, 'en-AU');
}

/** en-AU date and time of the simulated payment, e.g. '22 November 2026, 10:31 am'. */
export function formatDemoDate(date: Date): string {
  return new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** A transaction id that is clearly not a real one: 'DEMO-' and 10 random characters. */
export function fakeTransactionId(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let id = '';
  for (let i = 0; i < 10; i++) id += alphabet[Math.floor(random() * alphabet.length)];
  return `DEMO-${id}`;
}

export interface DemoCard {
  holder: string;
  number: string;
  expiry: string;
  cvv: string;
}

export type DemoCardErrors = Partial<Record<keyof DemoCard, string>>;

/** Every card field is required (spec §5); nothing is checked against a real card network. */
export function validateDemoCard(card: DemoCard): DemoCardErrors {
  const errors: DemoCardErrors = {};
  if (!card.holder.trim()) errors.holder = DEMO_MESSAGES.holderRequired;
  if (!card.number.replace(/\D/g, '')) errors.number = DEMO_MESSAGES.numberRequired;
  if (!card.expiry.replace(/\D/g, '')) errors.expiry = DEMO_MESSAGES.expiryRequired;
  if (!card.cvv.replace(/\D/g, '')) errors.cvv = DEMO_MESSAGES.cvvRequired;
  return errors;
}

/** Card number as typed: digits only, grouped in fours, at most 19 digits. */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed: MM/YY, the slash added after the month. */
export function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvv(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}
