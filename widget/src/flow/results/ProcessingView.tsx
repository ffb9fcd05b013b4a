/**
 * The `processing` result. A bank debit (AU BECS Direct Debit) is submitted, not yet paid:
 * the customer is told, in the exact words, that it clears in up to 3 business days and a
 * receipt follows, with the amount and the reference. Any other method still processing (a card the
 * provider has not settled yet) reads as the success view, as before.
 */
import { useMoney, useWidget } from '../i18n-context.ts';
import type { ResultProps } from './result-props.ts';
import { SuccessView } from './SuccessView.tsx';
import { useFocusOnMount } from './useFocusOnMount.ts';

export function ProcessingView(props: ResultProps) {
  return props.payment.method === 'au_becs_debit' ? <SubmittedView {...props} /> : <SuccessView {...props} />;
}

function SubmittedView({ payment, onAnother, onEnd }: ResultProps) {
  const { t } = useWidget();
  const money = useMoney(payment.currency);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="section" part="submitted result">
      <h2 tabIndex={-1} ref={heading}>
        {t.submittedTitle}
      </h2>
      <p role="status">{t.debitSubmitted}</p>
      <dl className="result-details">
        <dt>{t.resultInvoice}</dt>
        <dd>{payment.invoice}</dd>
        <dt>{t.resultAmount}</dt>
        <dd className="money">{money(payment.total)}</dd>
        <dt>{t.resultReference}</dt>
        <dd>{payment.transactionId ?? payment.paymentId}</dd>
      </dl>
      {payment.receiptUrl && (
        <p>
          <a href={payment.receiptUrl} target="_blank" rel="noopener">
            {t.viewReceipt}
          </a>
        </p>
      )}
      <div className="actions">
        {/* Part of the invoice is still to pay: the customer may pay it now (issue 36 item 11). */}
        {payment.remaining !== null && payment.remaining > 0 && (
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
