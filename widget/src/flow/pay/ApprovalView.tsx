/**
 * PayTo, after Pay: the customer approves the payment request in their banking app. The page says
 * what to do and for how long (a countdown to the end of the approval window; the amount is held
 * for them until then), says when the bank has approved, and lets them cancel — which ends the
 * attempt at the provider and releases the hold. The outcome arrives by itself (usePayActions.ts
 * watches the payment). In test mode a link opens the sandbox's stand-in for the banking app.
 */
import { useEffect, useState } from 'react';
import type { PayApi, PaymentState } from '../../lib/api.ts';
import { useWidget } from '../i18n-context.ts';
import { useFocusOnMount } from '../results/useFocusOnMount.ts';
import { clock } from './QuoteSummary.tsx';

interface Props {
  payment: PaymentState;
  merchantName: string;
  paySessionId: string;
  api: PayApi;
  testMode: boolean;
  money(minor: number): string;
}

export function ApprovalView({ payment, merchantName, paySessionId, api, testMode, money }: Props) {
  const { t } = useWidget();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const end = payment.approvalExpiresAt ? Date.parse(payment.approvalExpiresAt) : null;
  const [now, setNow] = useState(() => Date.now());
  const [cancelling, setCancelling] = useState(false);
  useEffect(() => {
    if (end === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [end]);

  const approved = payment.status === 'processing';
  const [before, after] = t.approveWithin.split('{clock}');
  const cancel = () => {
    setCancelling(true);
    // The watch sees the cancellation and ends the attempt on the page; a failed call leaves it waiting.
    void api.abandon(payment.paymentId, paySessionId).catch(() => setCancelling(false));
  };

  return (
    <div className="section approval" part="approval">
      <h2 tabIndex={-1} ref={heading}>
        {t.approveTitle}
      </h2>
      <p>{t.approveText(merchantName)}</p>
      <dl className="result-details">
        <dt>{t.approveAmount}</dt>
        <dd className="money">{money(payment.total)}</dd>
        <dt>{t.resultInvoice}</dt>
        <dd>{payment.invoice}</dd>
      </dl>
      <p role="status" part="approval-status">
        {approved ? t.approveApproved : end !== null && now >= end ? t.approveExpired : t.approveWaiting}
      </p>
      {!approved && end !== null && now < end && (
        <p className="notice" part="approval-countdown">
          {before}
          <span role="timer" aria-live="off">
            {clock(end - now)}
          </span>
          {after ?? ''}
        </p>
      )}
      {testMode && payment.transactionId && !approved && (
        <p>
          <a href={api.sandboxBankUrl(payment.transactionId, paySessionId)} target="_blank" rel="noopener">
            {t.approveTestBank}
          </a>
        </p>
      )}
      {!approved && (
        <div className="actions">
          <button type="button" onClick={cancel} disabled={cancelling} aria-busy={cancelling}>
            {cancelling ? t.approveCancelling : t.approveCancel}
          </button>
        </div>
      )}
    </div>
  );
}
