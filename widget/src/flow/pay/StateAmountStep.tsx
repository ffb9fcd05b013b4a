/**
 * A pay link without an amount: the customer states what they pay first (spec: 'Use This Amount'),
 * checked against the invoice balance before the payment form opens. Typed with the locale's
 * decimal separator.
 */
import type { Dispatch } from 'react';
import { amountMinor, amountProblem, amountText, applyAmountInput } from '../../lib/amount.ts';
import { useWidget } from '../i18n-context.ts';
import type { PayEvent, PayState } from './pay-machine.ts';

export function StateAmountStep(props: {
  state: PayState;
  dispatch: Dispatch<PayEvent>;
  balance: number | null;
  currency: string;
}) {
  const { state, dispatch, balance, currency } = props;
  const { t, locale } = useWidget();
  const error = state.problems.stated;
  const confirm = () => {
    const minor = amountMinor(state.statedText, currency, locale);
    const problem = amountProblem(minor, balance, currency, t, locale);
    if (problem) dispatch({ type: 'STATED_REFUSED', message: problem });
    else dispatch({ type: 'AMOUNT_STATED', minor, text: amountText(minor, currency, locale) });
  };
  return (
    <div className="section notice" part="notice">
      <label htmlFor="ip-ma">{t.statePrompt}</label>
      <input
        id="ip-ma"
        inputMode="decimal"
        part="input"
        value={state.statedText}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ip-mae' : undefined}
        onChange={(e) =>
          dispatch({
            type: 'STATED_TYPED',
            text: applyAmountInput(e.target.value, balance, currency, locale),
          })
        }
        onKeyDown={(e) => e.key === 'Enter' && confirm()}
      />
      {error && (
        <p className="field-error" id="ip-mae" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={confirm}>
        {t.useAmount}
      </button>
    </div>
  );
}
