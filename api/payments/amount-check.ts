/** The amount rules of a payment as HTTP errors (shared by the quote and the payment itself). */
import { formatMoney } from '../../core/money.ts';
import { AppError } from '../errors.ts';
import { checkPaymentAmount } from '../invoices/ledger.ts';
import { INVALID_AMOUNT_MESSAGE } from './schema.ts';

export const exceedsBalanceMessage = (balance: number, currency: string) =>
  `Payment amount cannot exceed the remaining balance of ${formatMoney(balance, currency)}.`;

/** Throws the customer-facing error when `amount` may not be paid against `balance`. */
export function assertPayable(amount: number, balance: number | null, currency: string): void {
  const check = checkPaymentAmount(amount, balance, currency);
  if (check.ok) return;
  if (check.reason === 'exceeds_balance')
    throw new AppError('unprocessable', exceedsBalanceMessage(check.balance ?? 0, currency), {
      field: 'amount',
    });
  if (check.reason === 'below_minimum')
    throw new AppError(
      'validation_failed',
      `The minimum payment is ${formatMoney(check.minimum, currency)}.`,
      {
        field: 'amount',
      },
    );
  throw new AppError('validation_failed', INVALID_AMOUNT_MESSAGE, { field: 'amount' });
}
