/** 'Payment Successful!' (spec §2): what was paid, the transaction id, what remains, and the next step. */
import { useFocusOnMount } from './useFocusOnMount.ts';
import { useMoney, useWidget } from '../i18n-context.ts';
import type { ResultProps } from './result-props.ts';

export function SuccessView({ payment, onAnother, onEnd }: ResultProps) {
  const { t } = useWidget();
  const money = useMoney(payment.currency);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const paidUp = payment.remaining === 0;
  return (
    <div className="section" part="success result">
      <h2 className="success-text" tabIndex={-1} ref={heading}>
        {t.successTitle}
      </h2>
      <p>{t.successThanks}</p>
      <dl className="result-details">
        <dt>{t.resultAmount}</dt>
        <dd className="money">{money(payment.amount)}</dd>
        <dt>{t.resultSurcharge}</dt>
        <dd className="money">{money(payment.surcharge)}</dd>
        <dt>{t.resultTotal}</dt>
        <dd className="money">{money(payment.total)}</dd>
        <dt>{t.resultTransaction}</dt>
        <dd>{payment.transactionId ?? payment.paymentId}</dd>
        {payment.remaining !== null && payment.remaining > 0 && (
          <>
            <dt>{t.resultRemaining}</dt>
            <dd className="money">{money(payment.remaining)}</dd>
          </>
        )}
      </dl>
      {payment.receiptUrl && (
        <p>
          <a href={payment.receiptUrl} target="_blank" rel="noopener">
            {t.viewReceipt}
          </a>
        </p>
      )}
      {paidUp && (
        <p className="section success-text" role="status">
          <b>{t.fullyPaid}</b>
        </p>
      )}
      <div className="actions">
        {!paidUp && (
          <button type="button" className="primary" onClick={onAnother}>
            {t.anotherPayment}
          </button>
        )}
        <button type="button" onClick={onEnd}>
          {t.endSession}
        </button>
      </div>
    </div>
  );
}
