/**
 * Reconciliation (issue 48): the provider's word against the ledger, per connected account, for
 * every intent made since a date — what an operator runs after restoring a backup (charges made
 * between the backup and the failure are at the provider but not in the restored ledger), or when
 * webhooks were lost. `npm run reconcile -- --since 2026-12-01` (scripts/reconcile.ts) and the
 * console's admin tool (`POST /api/admin/tools/reconcile`) both call `reconcile`.
 *
 * Findings:
 *  - `missing`: the provider charged (or is charging) an intent the ledger has no payment for. The
 *    intent's metadata names our payment id, merchant and invoice: record it by hand from there (or
 *    refund it at the provider) — the invoice it paid is not in the restored ledger either.
 *  - `status`: the ledger has the payment but not the provider's final word (e.g. still pending, or
 *    failed where the provider says succeeded). With `record`, the provider's word is applied as its
 *    webhook would have (the same code: balances, receipts, accounting sync, merchant webhooks).
 *  - `amount`: the ledger's total differs from what the provider charged; never changed automatically.
 */
import type { AppDeps } from '../context.ts';
import type { Payment } from '../db/types.ts';
import { transact } from '../db/transact.ts';
import type { ProviderIntent } from '../ports/payment-provider.ts';
import { applyIntentInTrx } from './lifecycle/state.ts';
import { findPayment, findPaymentByIntent } from './repository.ts';

export type ReconcileProblem = 'missing' | 'status' | 'amount';

export interface ReconcileFinding {
  problem: ReconcileProblem;
  intentId: string;
  accountId: string;
  /** The provider's status and amount (minor units). */
  providerStatus: string;
  amount: number;
  currency: string;
  created: string;
  /** What the intent's metadata names. */
  paymentId: string | null;
  invoiceNumber: string | null;
  /** The ledger's payment, when there is one. */
  ledger: { paymentId: string; status: string; totalAmount: number } | null;
  /** With `record`: the provider's word was applied to the ledger. */
  recorded: boolean;
}

export interface ReconcileReport {
  since: string;
  accounts: number;
  intents: number;
  findings: ReconcileFinding[];
}

/** Statuses in which the provider has taken, or is taking, the money. */
const CHARGED = new Set(['succeeded', 'processing']);

async function ledgerPaymentFor(deps: AppDeps, intent: ProviderIntent): Promise<Payment | undefined> {
  const byIntent = await findPaymentByIntent(deps.database.db, intent.id);
  if (byIntent) return byIntent;
  const id = intent.metadata?.paymentId;
  const byId = id ? await findPayment(deps.database.db, id) : undefined;
  return byId && (!byId.payment_intent_id || byId.payment_intent_id === intent.id) ? byId : undefined;
}

function problemOf(intent: ProviderIntent, payment: Payment | undefined): ReconcileProblem | null {
  const charged = CHARGED.has(intent.status);
  if (!payment) return charged ? 'missing' : null;
  if (intent.status === 'succeeded' && payment.status !== 'succeeded') return 'status';
  if (payment.status === 'succeeded' && intent.status !== 'succeeded') return 'status';
  if (intent.status === 'succeeded' && payment.total_amount !== intent.amount) return 'amount';
  return null;
}

export async function reconcile(
  deps: AppDeps,
  since: Date,
  options: { record?: boolean } = {},
): Promise<ReconcileReport> {
  const accounts = (
    await deps.database.db
      .selectFrom('merchants')
      .select('stripe_account_id')
      .distinct()
      .where('stripe_account_id', 'is not', null)
      .orderBy('stripe_account_id')
      .execute()
  ).map((r) => r.stripe_account_id!);
  const findings: ReconcileFinding[] = [];
  let intents = 0;
  for (const account of accounts) {
    for (const intent of await deps.payments.listIntents(account, since)) {
      intents++;
      const payment = await ledgerPaymentFor(deps, intent);
      const problem = problemOf(intent, payment);
      if (!problem) continue;
      let recorded = false;
      if (options.record && problem === 'status' && payment) {
        // The provider's word, applied as its webhook would be (retrieved whole: the card expanded).
        const full = await deps.payments.retrieveIntent(intent.id, account);
        await transact(deps.database, (trx) => applyIntentInTrx(trx, deps, payment.id, full));
        recorded = true;
      }
      findings.push({
        problem,
        intentId: intent.id,
        accountId: account,
        providerStatus: intent.status,
        amount: intent.amount,
        currency: intent.currency.toUpperCase(),
        created: new Date(intent.created * 1000).toISOString(),
        paymentId: intent.metadata?.paymentId ?? null,
        invoiceNumber: intent.metadata?.invoiceNumber ?? null,
        ledger: payment
          ? { paymentId: payment.id, status: payment.status, totalAmount: payment.total_amount }
          : null,
        recorded,
      });
    }
  }
  return { since: since.toISOString(), accounts: accounts.length, intents, findings };
}
