/**
 * Where a payment's Sync sends it — the merchant's accounting tool, its automation webhook, or
 * nowhere — for the console's payment page, which offers Sync to Xero only where something is
 * connected (issue 50 item 9). Accounting answers (it sits above payments: payments only name the
 * question, and the app's wiring, api/wiring.ts, gives accounting's answer once).
 */
import type { DbOrTrx } from '../db/database.ts';

export type SyncTarget = 'xero' | 'quickbooks' | 'automation_webhook';

export type SyncTargetSource = (
  db: DbOrTrx,
  merchant: { id: string; make_webhook_url: string | null },
) => Promise<SyncTarget[]>;

let source: SyncTargetSource | null = null;

/** Wire the one source (api/wiring.ts); wiring it again replaces it. */
export function answerSyncTargetsWith(answer: SyncTargetSource): void {
  source = answer;
}

/** The merchant's sync targets; none when nothing is wired (an app without accounting syncs nothing). */
export async function syncTargets(
  db: DbOrTrx,
  merchant: { id: string; make_webhook_url: string | null },
): Promise<SyncTarget[]> {
  return source ? source(db, merchant) : [];
}
