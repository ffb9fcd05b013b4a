/**
 * PayTo in the sandbox (Stripe API 2025-12-15): the customer names their account by a PayID (email,
 * phone or ABN) or a BSB and account number; confirming an intent with it sends a mandate request
 * to their bank, and the intent waits (`requires_action`) while they approve or decline it in their
 * banking app — here, the sandbox's stand-in for that app (api/sandbox/payto-routes.ts), or by
 * itself for the test PayIDs that answer alone. Approved: the mandate becomes active
 * (`mandate.updated`), the payment runs on the New Payments Platform (`payment_intent.processing`)
 * and settles moments later (`payment_intent.succeeded`). Declined or expired: `mandate.updated`
 * (inactive) and `payment_intent.payment_failed` (back to `requires_payment_method`). Any other
 * PayID or account is refused: the sandbox never handles a real one. Each step is one transaction
 * on the sandbox database that also queues its events.
 *
 *   confirm ──► requires_action ──(approved)──► processing ──(delay)──► succeeded
 *                     ├────────(declined)──► requires_payment_method (payment_method_provider_decline)
 *                     ├────────(expired)───► requires_payment_method (payment_method_provider_timeout)
 *                     └────────(canceled by the merchant's server)──► canceled
 */
import { ProviderRequestError } from '../../ports/payment-provider.ts';
import { invalid, seconds, type SandboxContext } from './context.ts';
import { enqueueEvent } from './event-queue.ts';
import { failWithBankReason, lockIntent, noSuchIntent, saveAndAnnounce } from './intents.ts';
import { type StoredError } from './objects.ts';
import { newId, newObjectId } from './ids.ts';
import type { IntentRow, PaymentMethodRow, SandboxDb, SandboxTrx } from './tables.ts';

export const PAYTO = 'payto';

/** What the customer's bank does with the mandate request. */
export type PayToBehaviour =
  /** Waits for the tester on the sandbox bank page (expires at the end of the approval window). */
  | 'wait'
  /** Approves by itself after the sandbox's delay. */
  | 'approve'
  /** Declines by itself after the delay. */
  | 'decline'
  /** Never answered: expires after the delay. */
  | 'expire';

export interface TestPayTo {
  key: string;
  /** A PayID (lower-case email, `+61…` phone or 11-digit ABN), or null for a BSB + account. */
  payId: string | null;
  bsb: string | null;
  accountNumber: string | null;
  behaviour: PayToBehaviour;
  description: string;
}

// prettier-ignore
export const TEST_PAYTO: readonly TestPayTo[] = [
  { key: 'payto_wait', payId: 'customer@payto.test', bsb: null, accountNumber: null, behaviour: 'wait', description: 'Waits for you to approve or decline on the test bank page' },
  { key: 'payto_approve', payId: 'approve@payto.test', bsb: null, accountNumber: null, behaviour: 'approve', description: 'Approves by itself after a few seconds, then succeeds' },
  { key: 'payto_decline', payId: 'decline@payto.test', bsb: null, accountNumber: null, behaviour: 'decline', description: 'Declined by the customer after a few seconds' },
  { key: 'payto_expire', payId: 'expire@payto.test', bsb: null, accountNumber: null, behaviour: 'expire', description: 'Never approved: expires after a few seconds' },
  { key: 'payto_phone', payId: '+61400000000', bsb: null, accountNumber: null, behaviour: 'wait', description: 'A phone PayID that waits for you on the test bank page' },
  { key: 'payto_account', payId: null, bsb: '000000', accountNumber: '000123456', behaviour: 'wait', description: 'A BSB and account number that wait for you on the test bank page' },
];

const BY_KEY = new Map(TEST_PAYTO.map((t) => [t.key, t]));

export function testPayToByKey(key: string): TestPayTo | null {
  return BY_KEY.get(key) ?? null;
}

/** Stripe's reasons for a PayTo payment that did not go ahead. */
export const PAYTO_FAILURES = {
  declined: {
    code: 'payment_method_provider_decline',
    message: 'The customer declined the PayTo agreement in their banking app.',
  },
  expired: {
    code: 'payment_method_provider_timeout',
    message: 'The customer did not approve the PayTo agreement in time.',
  },
} as const;

export const NOT_A_TEST_PAYTO_MESSAGE =
  'Test mode: use a test PayID (customer@payto.test) or BSB 000-000 with account number 000123456';

export interface PayToInput {
  payId: string | null;
  bsb: string | null;
  accountNumber: string | null;
  name: string | null;
  email: string | null;
}

/** A PayID as banks match it: an email lower-cased, a phone as +61…, an ABN as 11 digits. */
export function normalizePayId(raw: string): string | null {
  const v = raw.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return v.toLowerCase();
  const digits = v.replace(/[\s()-]/g, '');
  if (/^(\+61|0)4\d{8}$/.test(digits)) return `+61${digits.replace(/^(\+61|0)/, '')}`;
  if (/^\d{11}$/.test(digits)) return digits; // ABN
  return null;
}

const refuse = (code: string, message: string, param: string) =>
  new ProviderRequestError({ type: 'invalid_request_error', statusCode: 400, message, code, param });

/** Check what the customer typed as Stripe's PayTo element does, then refuse anything but a test one. */
export function checkTestPayTo(input: PayToInput): TestPayTo {
  const name = input.name?.trim();
  if (!name) throw refuse('incomplete_name', 'Your name is incomplete.', 'billing_details[name]');
  if (input.payId?.trim()) {
    const payId = normalizePayId(input.payId);
    if (!payId)
      throw refuse(
        'invalid_pay_id',
        'Your PayID is invalid: enter an email address, an Australian mobile number or an ABN.',
        'payto[pay_id]',
      );
    const found = TEST_PAYTO.find((t) => t.payId === payId);
    if (!found) throw refuse('test_mode_live_pay_id', NOT_A_TEST_PAYTO_MESSAGE, 'payto[pay_id]');
    return found;
  }
  const bsb = (input.bsb ?? '').replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(bsb)) throw refuse('invalid_bsb_number', 'Your BSB is invalid.', 'payto[bsb_number]');
  const number = (input.accountNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{5,9}$/.test(number))
    throw refuse(
      'invalid_bank_account_number',
      'Your bank account number is invalid.',
      'payto[account_number]',
    );
  const found = TEST_PAYTO.find((t) => t.bsb === bsb && t.accountNumber === number);
  if (!found) throw refuse('test_mode_live_bank_account', NOT_A_TEST_PAYTO_MESSAGE, 'payto[account_number]');
  return found;
}

/** PayTo details → a payment method row (the test key, the PayID or the BSB and last four). */
export async function payToPaymentMethod(
  ctx: SandboxContext,
  db: SandboxDb | SandboxTrx,
  input: PayToInput & { account: string | null },
): Promise<PaymentMethodRow> {
  const test = checkTestPayTo(input);
  const row: PaymentMethodRow = {
    id: newId('pm'),
    account_id: input.account,
    test_card: test.key,
    brand: '',
    last4: test.accountNumber?.slice(-4) ?? '',
    funding: '',
    country: 'AU',
    created: seconds(ctx.clock),
    type: PAYTO,
    bsb_number: test.bsb,
    billing_name: input.name?.trim() ?? null,
    billing_email: input.email?.trim().toLowerCase() || null,
    pay_id: test.payId,
  };
  await db.insertInto('sandbox_payment_methods').values(row).execute();
  return row;
}

/**
 * Send the mandate request: the intent waits for the customer's bank. `settles_at` is when the bank
 * answers by itself: after the delay for the PayIDs that answer alone, at the end of the approval
 * window for the ones that wait for the tester.
 */
export async function requestApproval(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow,
  created = false,
): Promise<IntentRow> {
  const behaviour = testPayToByKey(pm.test_card)?.behaviour ?? 'wait';
  const now = ctx.clock.now().getTime();
  const next: IntentRow = {
    ...row,
    status: 'requires_action',
    payment_method_id: pm.id,
    last_error: null,
    mandate_id: newId('mandate'),
    settles_at: now + (behaviour === 'wait' ? ctx.paytoExpiryMs : ctx.paytoDelayMs),
  };
  await saveAndAnnounce(ctx, trx, next, 'payment_intent.requires_action', { pm, created });
  return next;
}

function mandateJson(row: IntentRow, pm: PaymentMethodRow | undefined, status: 'active' | 'inactive') {
  return {
    id: row.mandate_id,
    object: 'mandate' as const,
    customer_acceptance: { type: 'online' as const, accepted_at: null },
    livemode: false,
    payment_method: row.payment_method_id ?? pm?.id ?? null,
    payment_method_details: {
      type: PAYTO,
      payto: { amount: row.amount, amount_type: 'fixed', end_date: null, payment_schedule: 'adhoc' },
    },
    status,
    type: 'single_use' as const,
  };
}

/** The bank's answer to a waiting mandate request: the payment goes ahead, or fails with the reason. */
async function answer(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow | undefined,
  outcome: 'approved' | 'declined' | 'expired',
): Promise<IntentRow> {
  if (outcome === 'approved') {
    await enqueueEvent(trx, ctx, 'mandate.updated', row.account_id, mandateJson(row, pm, 'active'));
    const processing: IntentRow = {
      ...row,
      status: 'processing',
      charge_id: newObjectId('py'),
      settles_at: ctx.clock.now().getTime() + ctx.paytoSettleMs,
    };
    await saveAndAnnounce(ctx, trx, processing, 'payment_intent.processing', { pm });
    return processing;
  }
  await enqueueEvent(trx, ctx, 'mandate.updated', row.account_id, mandateJson(row, pm, 'inactive'));
  return failWithBankReason(ctx, trx, row, pm, PAYTO_FAILURES[outcome]);
}

/** A waiting PayTo intent whose time has come (settles_at passed): the bank answers by itself. */
export async function answerDue(
  ctx: SandboxContext,
  trx: SandboxTrx,
  row: IntentRow,
  pm: PaymentMethodRow | undefined,
): Promise<void> {
  const behaviour = (pm && testPayToByKey(pm.test_card)?.behaviour) ?? 'wait';
  const outcome = behaviour === 'approve' ? 'approved' : behaviour === 'decline' ? 'declined' : 'expired';
  await answer(ctx, trx, row, pm, outcome);
}

/** What the sandbox bank page shows about a mandate request. */
export interface PayToRequest {
  intentId: string;
  status: 'waiting' | 'approved' | 'declined' | 'expired' | 'canceled' | 'paid';
  amount: number;
  currency: string;
  description: string | null;
  payId: string | null;
  bsb: string | null;
  last4: string | null;
  name: string | null;
  /** ms; while waiting. */
  expiresAt: number | null;
}

function requestOf(row: IntentRow, pm: PaymentMethodRow | undefined): PayToRequest {
  const failure = row.last_error ? (JSON.parse(row.last_error) as StoredError).code : null;
  const status: PayToRequest['status'] =
    row.status === 'requires_action'
      ? 'waiting'
      : row.status === 'processing'
        ? 'approved'
        : row.status === 'succeeded'
          ? 'paid'
          : row.status === 'canceled'
            ? 'canceled'
            : failure === PAYTO_FAILURES.expired.code
              ? 'expired'
              : 'declined';
  return {
    intentId: row.id,
    status,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    payId: pm?.pay_id ?? null,
    bsb: pm?.bsb_number ?? null,
    last4: pm?.last4 || null,
    name: pm?.billing_name ?? null,
    expiresAt: row.status === 'requires_action' ? row.settles_at : null,
  };
}

async function payToOf(db: SandboxDb | SandboxTrx, row: IntentRow) {
  const pmId =
    row.payment_method_id ??
    (row.last_error ? (JSON.parse(row.last_error) as StoredError).payment_method_id : null);
  if (!pmId) return undefined;
  const pm = await db
    .selectFrom('sandbox_payment_methods')
    .selectAll()
    .where('id', '=', pmId)
    .executeTakeFirst();
  return pm?.type === PAYTO ? pm : undefined;
}

/** The mandate request of a PayTo intent, for the sandbox bank page; null when it is not one. */
export async function viewRequest(ctx: SandboxContext, intentId: string): Promise<PayToRequest | null> {
  const row = await ctx.db
    .selectFrom('sandbox_payment_intents')
    .selectAll()
    .where('id', '=', intentId)
    .executeTakeFirst();
  if (!row) return null;
  const pm = await payToOf(ctx.db, row);
  return pm ? requestOf(row, pm) : null;
}

/** The tester approves or declines on the sandbox bank page (only while the request waits). */
export async function decide(ctx: SandboxContext, intentId: string, approve: boolean): Promise<PayToRequest> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockIntent(ctx, trx, intentId);
    const pm = row ? await payToOf(trx, row) : undefined;
    if (!row || !pm) throw noSuchIntent(intentId);
    if (row.status !== 'requires_action')
      throw invalid('This PayTo agreement request is no longer waiting for an answer.', {
        code: 'payment_intent_unexpected_state',
      });
    const after = await answer(ctx, trx, row, pm, approve ? 'approved' : 'declined');
    return requestOf(after, pm);
  });
}
