/**
 * The landing page's simulated checkout (spec §2 "Demo checkout"): no server call, no real card.
 * Preparing (1.5 s) → form → processing (1.5 s) → success → Make Another Payment: loading (1 s) → form.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import '../../styles/forms.css';
import './demo-checkout.css';
import { DemoAmount, DemoCardFields, DemoReceipt, type Receipt } from './DemoParts.tsx';
import {
  DEMO_DELAY_MS,
  DEMO_INVOICE,
  DEMO_MESSAGES,
  DEMO_RESET_MS,
  demoAmountMinor,
  demoBreakdown,
  fakeTransactionId,
  formatAud,
  quickAmountText,
  sanitizeDemoAmount,
  validateDemoCard,
  type DemoCard,
  type DemoCardErrors,
} from './demo-logic.ts';

type Phase = 'preparing' | 'form' | 'processing' | 'success' | 'resetting';

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
