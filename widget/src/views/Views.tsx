/** The page's small views: status texts, error panels, the success view, the paid and ended views. */
import { useEffect, useRef, type ReactNode } from 'react';
import { formatMoney } from '../../../core/money.ts';
import type { PaymentState } from '../lib/api.ts';

export function Status({ text }: { text: string }) {
  return (
    <div className="st" role="status" aria-live="polite">
      <p>{text}</p>
    </div>
  );
}

export function Panel({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="st" role="alert" part="error">
      <h2>{title}</h2>
      {children}
      {action && <div className="acts">{action}</div>}
    </div>
  );
}

/** Focus a heading when its view appears, so keyboard and screen-reader users land on the news. */
function useFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** The `processing` result (a bank debit, issue 17): the exact words the customer is promised. */
export const DEBIT_SUBMITTED =
  "Payment submitted — bank debits take up to 3 business days to clear. We'll email a receipt when it clears.";

export function Success(props: { payment: PaymentState; locale: string; onAnother(): void; onEnd(): void }) {
  const p = props.payment;
  if (p.status === 'processing' && p.method === 'au_becs_debit') return <Submitted {...props} />;
  return <Succeeded {...props} />;
}

function Submitted(props: { payment: PaymentState; locale: string; onEnd(): void }) {
  const { payment, locale } = props;
  const money = (m: number) => formatMoney(m, payment.currency, locale);
  const heading = useFocus<HTMLHeadingElement>();
  return (
    <div className="sec" part="success">
      <h2 tabIndex={-1} ref={heading}>
        Payment submitted
      </h2>
      <p role="status">{DEBIT_SUBMITTED}</p>
      <dl>
        <dt>Invoice</dt>
        <dd>{payment.invoice}</dd>
        <dt>Amount</dt>
        <dd>{money(payment.total)}</dd>
        <dt>Reference</dt>
        <dd>{payment.transactionId ?? payment.paymentId}</dd>
      </dl>
      <div className="acts">
        <button type="button" onClick={props.onEnd}>
          End Session
        </button>
      </div>
    </div>
  );
}

function Succeeded(props: { payment: PaymentState; locale: string; onAnother(): void; onEnd(): void }) {
  const { payment, locale } = props;
  const money = (m: number) => formatMoney(m, payment.currency, locale);
  const heading = useFocus<HTMLHeadingElement>();
  const paidUp = payment.remaining === 0;
  return (
    <div className="sec" part="success">
      <h2 className="ok" tabIndex={-1} ref={heading}>
        Payment Successful!
      </h2>
      <p>Thank you for your payment.</p>
      <dl>
        <dt>Amount</dt>
        <dd>{money(payment.amount)}</dd>
        <dt>Surcharge</dt>
        <dd>{money(payment.surcharge)}</dd>
        <dt>Total paid</dt>
        <dd>{money(payment.total)}</dd>
        <dt>Transaction ID</dt>
        <dd>{payment.transactionId ?? payment.paymentId}</dd>
        {payment.remaining !== null && payment.remaining > 0 && (
          <>
            <dt>Remaining balance</dt>
            <dd>{money(payment.remaining)}</dd>
          </>
        )}
      </dl>
      {paidUp && (
        <p className="sec ok" role="status">
          <b>Invoice fully paid!</b>
        </p>
      )}
      <div className="acts">
        {!paidUp && (
          <button type="button" className="p" onClick={props.onAnother}>
            Make Another Payment
          </button>
        )}
        <button type="button" onClick={props.onEnd}>
          End Session
        </button>
      </div>
    </div>
  );
}

export function Ended() {
  const heading = useFocus<HTMLHeadingElement>();
  return (
    <div className="st">
      <h2 tabIndex={-1} ref={heading}>
        Thank you
      </h2>
      <p>Your payment session has ended. You may close this window now.</p>
    </div>
  );
}
