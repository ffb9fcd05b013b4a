/**
 * The whole pay flow for one link: load the session, show the invoice, take payments until the
 * balance is paid or the customer ends the session, and tell the host page through events.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../../core/money.ts';
import { PayApi, type PaySession, type PaymentState } from '../lib/api.ts';
import { emit, eventDetail } from '../lib/events.ts';
import { DebugPanel } from '../views/DebugPanel.tsx';
import { History } from '../views/History.tsx';
import { CappedNotice, InvoiceState } from '../views/InvoiceNotices.tsx';
import { Ended, Panel, Status, Success } from '../views/Views.tsx';
import { LOAD_ERROR } from './CardBox.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import { usePaySession } from './usePaySession.ts';

export interface FlowProps {
  host: HTMLElement;
  apiBase: string;
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  locale: string;
  debug: boolean;
}

export const NOT_FOUND_TEXT =
  "We couldn't find the merchant you're looking for. Please check the URL and try again.";
export const NOT_READY_TEXT =
  "This merchant hasn't completed their payment setup yet. Please contact them directly.";

type Step = { kind: 'form' } | { kind: 'success'; payment: PaymentState } | { kind: 'ended' };

export function PayFlow(props: FlowProps) {
  const { host, locale } = props;
  const api = useMemo(() => new PayApi(props.apiBase.replace(/\/+$/, '')), [props.apiBase]);
  const [lookup, setLookup] = useState<string | null>(null);
  const query = {
    merchant: lookup ?? props.merchant?.trim(),
    shortcode: lookup ? undefined : props.shortcode?.trim(),
    invoice: props.invoice?.trim(),
    amount: props.amount?.trim(),
    currency: props.currency?.trim().toUpperCase() || 'AUD',
  };
  const { view, reload } = usePaySession(api, query);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const session = view.kind === 'ready' ? view.session : null;
  const sessionRef = useRef<PaySession | null>(null);
  sessionRef.current = session;
  const lastPayment = useRef<PaymentState | null>(null);

  // A new link (attributes changed) starts over.
  const linkKey = JSON.stringify(query);
  useEffect(() => {
    setStep({ kind: 'form' });
    lastPayment.current = null;
  }, [linkKey]);

  // `ready` once per link, not again when the session is reloaded after a payment.
  const readyFired = useRef<string | null>(null);
  useEffect(() => {
    if (session && readyFired.current !== linkKey) {
      readyFired.current = linkKey;
      emit(host, 'ready', eventDetail(session));
    }
  }, [session, linkKey, host]);

  useEffect(() => {
    if (
      view.kind === 'not_found' ||
      view.kind === 'invalid' ||
      view.kind === 'error' ||
      view.kind === 'no_stripe'
    ) {
      emit(
        host,
        'error',
        eventDetail(null, null, {
          message: 'message' in view ? view.message : NOT_FOUND_TEXT,
          code: view.kind,
        }),
      );
    }
  }, [view, host]);

  const onPaid = useCallback(
    (payment: PaymentState) => {
      lastPayment.current = payment;
      setStep({ kind: 'success', payment });
      void reload(); // the header's balance and the history now include this payment
      emit(host, 'payment', eventDetail(sessionRef.current, payment));
      // A bank debit still clearing may yet fail: `paid` waits for money that has arrived.
      if (payment.remaining === 0 && payment.status === 'succeeded')
        emit(host, 'paid', eventDetail(sessionRef.current, payment));
    },
    [host, reload],
  );
  const onError = useCallback(
    (message: string, code: string) =>
      emit(host, 'error', eventDetail(sessionRef.current, null, { message, code })),
    [host],
  );
  const end = () => {
    if (emit(host, 'end', eventDetail(sessionRef.current, lastPayment.current))) setStep({ kind: 'ended' });
  };
  const another = async () => {
    await reload();
    setStep({ kind: 'form' });
  };

  let body;
  if (view.kind === 'loading') body = <Status text="Loading payment page..." />;
  else if (view.kind === 'fetching') body = <Status text="Looking for merchant..." />;
  else if (view.kind === 'not_found')
    body = (
      <Panel title="Merchant Not Found">
        <p>{NOT_FOUND_TEXT}</p>
      </Panel>
    );
  else if (view.kind === 'no_stripe')
    body = (
      <Panel title="Merchant Not Configured">
        <p>{NOT_READY_TEXT}</p>
        {view.message && view.message !== NOT_READY_TEXT && <p className="m">{view.message}</p>}
      </Panel>
    );
  else if (view.kind === 'invalid')
    body = (
      <Panel title="Invalid payment link">
        <p>{view.message}</p>
        <p>Please check the payment link and try again.</p>
      </Panel>
    );
  else if (view.kind === 'error')
    body = (
      <Panel
        title="Payment page unavailable"
        action={
          <button type="button" className="p" onClick={() => void reload()}>
            Try again
          </button>
        }
      >
        <p>{LOAD_ERROR}</p>
      </Panel>
    );
  else if (step.kind === 'ended') body = <Ended />;
  else {
    const s = view.session;
    const inv = s.invoice;
    const money = (m: number) => formatMoney(m, inv.currency, locale);
    body = (
      <>
        <header className="hd" part="header">
          <p className="m">{s.merchant.name}</p>
          <h2>Invoice Payment</h2>
          <p>
            Invoice <b>{inv.number}</b>
          </p>
          <div className="row m">
            {inv.linkAmount !== null && <span>Invoice total: {money(inv.linkAmount)}</span>}
            {inv.balance !== null && <span>Balance: {money(inv.balance)}</span>}
          </div>
        </header>
        {step.kind === 'success' ? (
          <Success payment={step.payment} locale={locale} onAnother={() => void another()} onEnd={end} />
        ) : inv.fullyPaid || inv.state === 'below_minimum' ? (
          <InvoiceState session={s} locale={locale} onEnd={end} />
        ) : (
          <>
            <CappedNotice session={s} locale={locale} />
            <PaymentForm
              key={`f:${s.paySessionId}`}
              session={s}
              api={api}
              host={host}
              locale={locale}
              onPaid={onPaid}
              onError={onError}
            />
          </>
        )}
        <History key={`h:${s.paySessionId}`} entries={inv.history} currency={inv.currency} locale={locale} />
      </>
    );
  }

  return (
    <div className="r" part="root" lang="en">
      {body}
      {props.debug && (
        <DebugPanel
          info={{
            merchant: query.merchant,
            shortcode: query.shortcode,
            state: view.kind,
            connectedAccountId: session?.provider.connectedAccountId ?? null,
            mode: session?.provider.mode ?? null,
            api: api.base,
          }}
          onLookup={setLookup}
        />
      )}
    </div>
  );
}
