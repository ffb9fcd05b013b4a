/**
 * The amount to pay (spec §2): typed — in the locale's notation, never above what one payment may
 * take — or 25/50/75/100 % of the balance, made payable (lib/amount.ts quickAmount); with "Change
 * the amount to pay" when the customer stated it for a link without one.
 */
import type { Dispatch } from 'react';
import type { BalancePercent } from '../../../../core/money.ts';
import { amountMinor, amountText, applyAmountInput, quickAmount } from '../../lib/amount.ts';
import { formatMoney } from '../../../../core/money.ts';
import { useWidget } from '../i18n-context.ts';
import type { PayEvent, PayState } from './pay-machine.ts';

const PERCENTS: BalancePercent[] = [25, 50, 75, 100];

export function AmountStep(props: {
  state: PayState;
  dispatch: Dispatch<PayEvent>;
  currency: string;
  /** What the quick buttons take shares of (the balance, or the stated amount); null: no buttons. */
  due: number | null;
  /** The most one payment may take (limits.maximum), and the most the field accepts. */
  maximum: number | null;
  cap: number | null;
  stated: boolean;
  busy: boolean;
  /** Bank debit is offered here (the way to pay more than one card may take, at once). */
  bankDebit?: boolean;
}) {
  const { state, dispatch, currency, due, maximum, cap, stated, busy } = props;
  const { t, locale } = useWidget();
  const error = state.problems.amount;
  // More is due than one card payment may take (the card limit, surcharge included): say so, never
  // clamp in silence (issue 36 item 5).
  const typed = amountMinor(state.amountText, currency, locale);
  const overLimit =
    maximum !== null && (due !== null ? due > maximum : typed >= maximum && typed > 0)
      ? t.cardLimit(formatMoney(maximum, currency, locale), Boolean(props.bankDebit))
      : null;
  const describedBy = [error ? 'ip-ame' : '', overLimit ? 'ip-aml' : ''].filter(Boolean).join(' ');
  return (
    <div className="section amount-step">
      <label htmlFor="ip-am">{t.amountLabel(currency)}</label>
      <input
        id="ip-am"
        inputMode="decimal"
        autoComplete="off"
        part="input amount"
        value={state.amountText}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) =>
          dispatch({ type: 'AMOUNT_TYPED', text: applyAmountInput(e.target.value, cap, currency, locale) })
        }
      />
      {error && (
        <p className="field-error" id="ip-ame" role="alert">
          {error}
        </p>
      )}
      {overLimit && (
        <p className="muted" id="ip-aml" part="hint">
          {overLimit}
        </p>
      )}
      {due !== null && (
        <div className="quick-amounts" role="group" aria-label={t.quickAmounts}>
          {PERCENTS.map((p) => {
            const quick = quickAmount(due, p, currency, maximum);
            return (
              <button
                key={p}
                type="button"
                part="quick-amount"
                disabled={busy || quick === null}
                aria-label={t.quickAmountLabel(p)}
                onClick={() =>
                  quick !== null &&
                  dispatch({ type: 'AMOUNT_PICKED', text: amountText(quick, currency, locale) })
                }
              >
                {p}%
              </button>
            );
          })}
        </div>
      )}
      {stated && (
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => dispatch({ type: 'AMOUNT_RESTATED' })}
        >
          {t.changeAmount}
        </button>
      )}
    </div>
  );
}
