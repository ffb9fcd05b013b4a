/**
 * The demo checkout's parts (DemoCheckout.tsx keeps the phases and the state): the amount with its
 * quick shares and totals, the card fields with their errors, and the receipt.
 */
import { useEffect, useRef } from 'react';
import {
  DEMO_INVOICE,
  DEMO_QUICK_PERCENTS,
  formatAud,
  formatCardNumber,
  formatCvv,
  formatDemoDate,
  formatExpiry,
  quickAmountText,
  type DemoBreakdown,
  type DemoCard,
  type DemoCardErrors,
} from './demo-logic.ts';

export interface Receipt extends DemoBreakdown {
  transactionId: string;
  date: Date;
}

/** The amount to pay, the quick shares, the surcharge and total, and what a partial payment leaves. */
export function DemoAmount({
  id,
  text,
  error,
  breakdown,
  disabled,
  onChange,
}: {
  id: string;
  text: string;
  error: string | null;
  breakdown: DemoBreakdown;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Payment amount (AUD)</label>
        <div className="demo-checkout__amount">
          <span aria-hidden="true">$</span>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-amount-error` : undefined}
            disabled={disabled}
          />
        </div>
        {error && (
          <p className="field__error" id={`${id}-amount-error`}>
            {error}
          </p>
        )}
      </div>

      <div className="demo-checkout__quick" role="group" aria-label="Pay a share of the amount due">
        {DEMO_QUICK_PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className="chip-button"
            aria-pressed={text === quickAmountText(p)}
            onClick={() => onChange(quickAmountText(p))}
            disabled={disabled}
          >
            {p}%
          </button>
        ))}
      </div>

      <dl className="demo-checkout__lines" aria-live="polite">
        <div>
          <dt>Card surcharge (2.95%)</dt>
          <dd>{formatAud(breakdown.surcharge)}</dd>
        </div>
        <div className="demo-checkout__total">
          <dt>Total</dt>
          <dd>{formatAud(breakdown.total)}</dd>
        </div>
      </dl>
      {breakdown.isPartial && (
        <p className="alert alert--info demo-checkout__partial">
          This is a partial payment. Remaining balance after this payment: {formatAud(breakdown.remaining)}
        </p>
      )}
    </>
  );
}

/** The card fields, each with its error under it (described by it, focused by id). */
export function DemoCardFields({
  id,
  card,
  errors,
  disabled,
  onChange,
}: {
  id: string;
  card: DemoCard;
  errors: DemoCardErrors;
  disabled: boolean;
  onChange: (field: keyof DemoCard, value: string) => void;
}) {
  const fieldProps = (field: keyof DemoCard) => ({
    id: `${id}-${field}`,
    value: card[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });
  const fieldError = (field: keyof DemoCard) =>
    errors[field] ? (
      <p className="field__error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  return (
    <fieldset className="demo-checkout__card" disabled={disabled}>
      <legend>Card details</legend>
      <div className="field">
        <label htmlFor={`${id}-holder`}>Card holder name</label>
        <input
          {...fieldProps('holder')}
          autoComplete="off"
          onChange={(e) => onChange('holder', e.target.value)}
        />
        {fieldError('holder')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-number`}>Card number</label>
        <input
          {...fieldProps('number')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="4242 4242 4242 4242"
          onChange={(e) => onChange('number', formatCardNumber(e.target.value))}
        />
        {fieldError('number')}
      </div>
      <div className="demo-checkout__row">
        <div className="field">
          <label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</label>
          <input
            {...fieldProps('expiry')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="MM/YY"
            onChange={(e) => onChange('expiry', formatExpiry(e.target.value))}
          />
          {fieldError('expiry')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvv`}>CVV</label>
          <input
            {...fieldProps('cvv')}
            inputMode="numeric"
            autoComplete="off"
            placeholder="123"
            onChange={(e) => onChange('cvv', formatCvv(e.target.value))}
          />
          {fieldError('cvv')}
        </div>
      </div>
    </fieldset>
  );
}

/** The receipt, focused when it appears, with the way to pay again. */
export function DemoReceipt({ receipt, onAgain }: { receipt: Receipt; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="demo-checkout__success">
      <h3 ref={heading} tabIndex={-1}>
        Payment Successful
      </h3>
      <dl className="demo-checkout__lines">
        <div>
          <dt>Transaction ID</dt>
          <dd>{receipt.transactionId}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDemoDate(receipt.date)}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatAud(receipt.amount)}</dd>
        </div>
        <div>
          <dt>Surcharge</dt>
          <dd>{formatAud(receipt.surcharge)}</dd>
        </div>
        <div className="demo-checkout__total">
          <dt>Total</dt>
          <dd>{formatAud(receipt.total)}</dd>
        </div>
      </dl>
      <p className={`alert ${receipt.remaining > 0 ? 'alert--info' : 'alert--success'}`}>
        {receipt.remaining > 0
          ? `Remaining balance on invoice ${DEMO_INVOICE.invoiceNumber}: ${formatAud(receipt.remaining)}`
          : `Invoice ${DEMO_INVOICE.invoiceNumber} is now paid in full.`}
      </p>
      <button type="button" className="button" onClick={onAgain}>
        Make Another Payment
      </button>
    </div>
  );
}
