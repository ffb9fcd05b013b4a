/**
 * The landing page's simulated checkout (spec §2 "Demo checkout"): no server call, no real card.
 * Preparing (1.5 s) → form → processing (1.5 s) → success → Make Another Payment: loading (1 s) → form.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import '../../styles/forms.css';
import './demo-checkout.css';
import {
  DEMO_DELAY_MS,
  DEMO_INVOICE,
  DEMO_MESSAGES,
  DEMO_QUICK_PERCENTS,
  DEMO_RESET_MS,
  demoAmountMinor,
  demoBreakdown,
  fakeTransactionId,
  formatAud,
  formatCardNumber,
  formatCvv,
  formatDemoDate,
  formatExpiry,
  quickAmountText,
  sanitizeDemoAmount,
  validateDemoCard,
  type DemoBreakdown,
  type DemoCard,
  type DemoCardErrors,
} from './demo-logic.ts';

type Phase = 'preparing' | 'form' | 'processing' | 'success' | 'resetting';

interface Receipt extends DemoBreakdown {
  transactionId: string;
  date: Date;
}

const EMPTY_CARD: DemoCard = { holder: '', number: '', expiry: '', cvv: '' };
/** The whole amount due, '600.00'. */
const INITIAL_AMOUNT = quickAmountText(100);

export function DemoCheckout() {
  const [phase, setPhase] = useState<Phase>('preparing');
  const [amountText, setAmountText] = useState(INITIAL_AMOUNT);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [card, setCard] = useState<DemoCard>(EMPTY_CARD);
  const [errors, setErrors] = useState<DemoCardErrors>({});
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  const later = (ms: number, fn: () => void) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, ms);
  };

  useEffect(() => {
    later(DEMO_DELAY_MS, () => setPhase('form'));
    return () => window.clearTimeout(timer.current);
  }, []);

  const breakdown = demoBreakdown(demoAmountMinor(amountText));

  const setAmount = (text: string) => {
    setAmountText(sanitizeDemoAmount(text));
    setAmountError(null);
  };

  const updateCard = (field: keyof DemoCard, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'form') return;
    const cardErrors = validateDemoCard(card);
    const amountOk = breakdown.amount > 0;
    setErrors(cardErrors);
    setAmountError(amountOk ? null : DEMO_MESSAGES.invalidAmount);
    if (!amountOk || Object.keys(cardErrors).length > 0) {
      const first = !amountOk ? 'amount' : (Object.keys(cardErrors)[0] as string);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setPhase('processing');
    later(DEMO_DELAY_MS, () => {
      setReceipt({ ...breakdown, transactionId: fakeTransactionId(), date: new Date() });
      setPhase('success');
    });
  };

  const reset = () => {
    setPhase('resetting');
    later(DEMO_RESET_MS, () => {
      setAmountText(INITIAL_AMOUNT);
      setAmountError(null);
      setCard(EMPTY_CARD);
      setErrors({});
      setReceipt(null);
      setPhase('form');
    });
  };

  return (
    <div
      className={`demo-checkout${phase === 'preparing' || phase === 'resetting' ? ' demo-checkout--preparing' : ''}`}
      aria-busy={phase !== 'form' && phase !== 'success'}
    >
      <div className="demo-checkout__badge">Demo: no real payment is made</div>
      {(phase === 'preparing' || phase === 'resetting') && (
        <div className="demo-checkout__status" role="status">
          <span className="spinner__circle" aria-hidden="true" />
          <p>
            {phase === 'preparing'
              ? 'Preparing your invoice payment from Xero...'
              : 'Preparing your next payment...'}
          </p>
        </div>
      )}

      {(phase === 'form' || phase === 'processing') && (
        <form className="demo-checkout__form" onSubmit={pay} noValidate aria-label="Demo invoice payment">
          <dl className="demo-checkout__invoice">
            <div>
              <dt>Invoice number</dt>
              <dd>{DEMO_INVOICE.invoiceNumber}</dd>
            </div>
            <div>
              <dt>Amount due</dt>
              <dd>{formatAud(DEMO_INVOICE.amountDue)} AUD</dd>
            </div>
          </dl>

          <DemoAmount
            id={id}
            text={amountText}
            error={amountError}
            breakdown={breakdown}
            disabled={phase === 'processing'}
            onChange={setAmount}
          />

          <DemoCardFields
            id={id}
            card={card}
            errors={errors}
            disabled={phase === 'processing'}
            onChange={updateCard}
          />

          <button type="submit" className="button demo-checkout__pay" disabled={phase === 'processing'}>
            {phase === 'processing' ? 'Processing payment...' : `Pay ${formatAud(breakdown.total)}`}
          </button>
          {phase === 'processing' && (
            <p role="status" className="visually-hidden">
              Processing payment...
            </p>
          )}
        </form>
      )}

      {phase === 'success' && receipt && <DemoReceipt receipt={receipt} onAgain={reset} />}
    </div>
  );
}

/** The amount to pay, the quick shares, the surcharge and total, and what a partial payment leaves. */
function DemoAmount({
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
function DemoCardFields({
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
function DemoReceipt({ receipt, onAgain }: { receipt: Receipt; onAgain: () => void }) {
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
