/**
 * Where payments learn an invoice's amount due when no pay page observed it (a direct API call):
 * the merchant's connected accounting tool, as the pay page asks it (DESIGN §3.3: with a connection
 * the live check is required). Accounting answers — it sits above payments, so payments only name
 * the question, and the app's wiring (api/wiring.ts) gives accounting's answer once. Asking before
 * that throws: a payment must never skip the live check because nothing was wired.
 */
import type { AppDeps } from '../context.ts';

/** The live amount due in minor units, or null (no connection, not found, or the tool unreachable). */
export type AmountDueSource = (
  deps: AppDeps,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
) => Promise<{ amountDue: number } | null>;

let source: AmountDueSource | null = null;

/** Wire the one source (api/wiring.ts); wiring it again replaces it. */
export function answerAmountDueWith(answer: AmountDueSource): void {
  source = answer;
}

export async function liveAmountDue(
  deps: AppDeps,
  merchantId: string,
  invoiceNumber: string,
  currency: string,
): Promise<{ amountDue: number } | null> {
  if (!source)
    throw new Error(
      "payments: nothing answers an invoice's live amount due (the app's wiring gives accounting's: api/wiring.ts)",
    );
  return source(deps, merchantId, invoiceNumber, currency);
}
