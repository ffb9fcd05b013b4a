/** The amount rules of a payment as HTTP errors (shared by the quote and the payment itself). */
import { checkPaymentAmount, paymentAmountError } from '../../invoices/ledger.ts';

/**
 * Throws the customer-facing error when `amount` (charged as `total` with its surcharge) may not be
 * paid against `balance`; the ledger's rules and texts (api/invoices/ledger.ts).
 */
export function assertPayable(
  amount: number,
  balance: number | null,
  currency: string,
  total: number,
  merchantName: string,
  /** Held for payments not yet received (DESIGN §3.4): a refusal says so, not that the invoice is paid. */
  held = 0,
  /** The method quoted (card, au_becs_debit, payto): the words of a refusal above the maximum. */
  methodType?: string,
): void {
  const check = checkPaymentAmount(amount, balance, currency, total);
  if (!check.ok) throw paymentAmountError(check, currency, merchantName, held, methodType);
}
