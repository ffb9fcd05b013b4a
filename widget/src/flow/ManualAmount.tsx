/**
 * A pay link without an amount: the customer states what they pay first (spec: 'Use This Amount'),
 * checked against the invoice balance before the payment form opens. The typed text lives with the
 * caller so "Change the amount to pay" comes back to it.
 */
import { useState } from 'react';
import { amountMinor, amountProblem, applyAmountInput } from '../lib/amount.ts';

export function ManualAmount({
  text,
  onText,
  balance,
  currency,
  locale,
  onConfirm,
}: {
  text: string;
  onText(text: string): void;
  balance: number | null;
  currency: string;
  locale: string;
  onConfirm(minor: number): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const minor = amountMinor(text, currency);
    const problem = amountProblem(minor, balance, currency, locale);
    setError(problem);
    if (!problem) onConfirm(minor);
  };
  return (
    <div className="sec n" part="notice">
      <label htmlFor="ip-ma">Please enter the amount you would like to pay</label>
      <input
        id="ip-ma"
        inputMode="decimal"
        part="input"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'ip-mae' : undefined}
        onChange={(e) => onText(applyAmountInput(e.target.value, balance, currency))}
        onKeyDown={(e) => e.key === 'Enter' && confirm()}
      />
      {error && (
        <p className="err" id="ip-mae" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={confirm}>
        Use This Amount
      </button>
    </div>
  );
}
