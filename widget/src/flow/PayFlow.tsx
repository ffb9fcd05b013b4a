/**
 * The whole pay flow for one link: load the session, show the invoice, take payments until the
 * balance is paid or the customer ends the session, and tell the host page through events. Which
 * view shows: loading → a link problem (LinkProblem.tsx) or the invoice with the pay step, the
 * invoice's state when nothing can be paid by card, or the result of a payment (keyed by status).
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { fitColours } from './fit-colours.ts';
import type { WidgetProps } from '../element/props.ts';
import { PayApi, type PaySession, type PaymentState } from '../lib/api.ts';
import { emit, eventDetail, type InvoicePayEventDetail } from '../lib/events.ts';
import { linkQuery } from '../../../client/session-request.ts';
import { History } from '../views/History.tsx';
import { BeingPaidNotice, CappedNotice, InvoiceState } from '../views/InvoiceNotices.tsx';
import { LinkProblemView, viewMessage } from '../views/LinkProblem.tsx';
import { useMoney, useWidget } from './i18n-context.ts';
import { PayStep } from './pay/PayStep.tsx';
import { BALANCE_CHANGED } from './pay/usePayActions.ts';
import { EndedView } from './results/EndedView.tsx';

// Chunks of their own, fetched only when shown: the invoice's lines (links that may show them,
// after the form is up) and the debug panel (`debug`). The flow every customer loads stays small.
const InvoiceDetails = lazy(() =>
  import('../views/InvoiceDetails.tsx').then((m) => ({ default: m.InvoiceDetails })),
);
const DebugPanel = lazy(() => import('../views/DebugPanel.tsx').then((m) => ({ default: m.DebugPanel })));
import { ResultView } from './results/ResultView.tsx';
import { usePaySession } from './usePaySession.ts';

type Screen = { kind: 'paying' } | { kind: 'result'; payment: PaymentState } | { kind: 'ended' };

/** A `return-url` End Session may go to: http(s) only. */
function returnTarget(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const target = new URL(url, location.href);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

function InvoiceHeader({ session }: { session: PaySession }) {
  const { t } = useWidget();
  const inv = session.invoice;
  const money = useMoney(inv.currency);
  return (
    <header className="invoice-header" part="header">
      <p className="muted" part="merchant">
        {session.merchant.name}
      </p>
      <h2>{t.invoicePayment}</h2>
      <p>
        {t.invoice} <b>{inv.number}</b>
      </p>
      <div className="split-row muted">
        {inv.linkAmount !== null && <span>{t.invoiceTotal(money(inv.linkAmount))}</span>}
        {inv.balance !== null && <span>{t.balance(money(inv.balance))}</span>}
      </div>
    </header>
  );
}

/** How often a page with nothing to pay but a PayTo payment awaiting its bank looks again. */
const BANK_WATCH_MS = 5000;

export function PayFlow(props: WidgetProps & { host: HTMLElement }) {
  const { host } = props;
  const { t, hosted } = useWidget();
  const api = useMemo(() => new PayApi(props.api.replace(/\/+$/, '')), [props.api]);
  const [lookup, setLookup] = useState<string | null>(null);
  const link = linkQuery(props);
  const query = lookup ? { ...link, merchant: lookup, shortcode: undefined } : link;
  const linkName = query.merchant ?? query.shortcode;
  const { view, reload } = usePaySession(api, query);
  const [screen, setScreen] = useState<Screen>({ kind: 'paying' });
  const session = view.kind === 'ready' ? view.session : null;
  const reference = props.reference?.trim().slice(0, 200) || null;
  // What every event carries besides the payment: the invoice and the host's reference.
  const base = useRef({ session, reference, invoice: query.invoice ?? null });
  base.current = { session, reference, invoice: query.invoice ?? null };
  const detail = useCallback(
    (payment: PaymentState | null, extra: Partial<InvoicePayEventDetail> = {}) =>
      eventDetail(base.current.session, payment, {
        reference: base.current.reference,
        ...(base.current.session || payment ? {} : { invoice: base.current.invoice }),
        ...extra,
      }),
    [],
  );
  const lastPayment = useRef<PaymentState | null>(null);

  // A new link (attributes changed) starts over.
  const linkKey = JSON.stringify(query);
  useEffect(() => {
    setScreen({ kind: 'paying' });
    lastPayment.current = null;
  }, [linkKey]);

  // `ready` once per link, not again when the session is reloaded after a payment.
  const readyFired = useRef<string | null>(null);
  useEffect(() => {
    if (session && readyFired.current !== linkKey) {
      readyFired.current = linkKey;
      emit(host, 'ready', detail(null));
    }
  }, [session, linkKey, host, detail]);

  useEffect(() => {
    if (
      view.kind === 'not_found' ||
      view.kind === 'invalid' ||
      view.kind === 'error' ||
      view.kind === 'no_stripe'
    ) {
      emit(host, 'error', detail(null, { message: viewMessage(view, t, hosted), code: view.kind }));
      // For the page's developer, why (issue 51 item 5): the customer sees a panel, the console says more.
      console.warn(
        `invoice-pay: ${
          view.kind === 'not_found'
            ? `merchant ${linkName} not found at ${api.base}`
            : view.kind === 'no_stripe'
              ? `merchant ${linkName} cannot take payments yet: ${view.message}`
              : view.kind === 'invalid'
                ? `invalid link (${view.problem.reason})`
                : `${api.base}/api/pay/session failed: ${view.message}. Is the element's api attribute the payment server's origin?`
        }`,
      );
    }
  }, [view, host, detail, t, hosted, api, linkName]);

  // Nothing left to pay here but a PayTo payment waiting for its payer's bank (this customer's, from
  // a page closed while waiting, or another's): the page looks again every few seconds, so it shows
  // the payment paid — or the balance open again — without a reload.
  const waitingOnBank =
    session?.invoice.state === 'being_paid' && session.invoice.beingPaid.some((h) => h.method === 'payto');
  useEffect(() => {
    if (!waitingOnBank || screen.kind !== 'paying') return;
    const timer = setInterval(() => void reload(), BANK_WATCH_MS);
    return () => clearInterval(timer);
  }, [waitingOnBank, screen.kind, reload]);

  // The receipt address typed for one payment is offered again for the next (Make Another Payment).
  const [receiptEmail, setReceiptEmail] = useState<string | null>(null);
  const onPaid = useCallback(
    (payment: PaymentState, email: string) => {
      lastPayment.current = payment;
      if (email.trim()) setReceiptEmail(email.trim());
      setScreen({ kind: 'result', payment });
      void reload(); // the header's balance and the history now include this payment
      emit(host, 'payment', detail(payment));
      // A bank debit still clearing may yet fail: `paid` waits for money that has arrived.
      if (payment.remaining === 0 && payment.status === 'succeeded') emit(host, 'paid', detail(payment));
    },
    [host, reload, detail],
  );
  const onError = useCallback(
    (message: string, code: string) => {
      // Paid or held elsewhere since this page loaded: show the invoice as it now stands.
      if (code === BALANCE_CHANGED) void reload();
      emit(host, 'error', detail(null, { message, code }));
    },
    [host, detail, reload],
  );
  const end = () => {
    if (!emit(host, 'end', detail(lastPayment.current))) return;
    const target = returnTarget(props.returnUrl);
    if (target) location.assign(target);
    else setScreen({ kind: 'ended' });
  };
  const another = async () => {
    await reload();
    setScreen({ kind: 'paying' });
  };

  let body;
  // Success and error texts fitted to the page's own background, when it sets one (./fit-colours.ts):
  // again at each view, since the page may have switched its palette meanwhile.
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (panel.current) fitColours(panel.current);
  }, [view.kind, screen.kind]);
  // The reserved height keeps the page still while the form arrives; after paying, or with nothing
  // to pay, the panel fits what it shows.
  let fit = false;
  if (view.kind === 'loading') body = <Status text={t.loading} />;
  else if (view.kind === 'fetching') body = <Status text={t.fetching} />;
  else if (view.kind !== 'ready') body = <LinkProblemView view={view} onRetry={() => void reload()} />;
  else if (screen.kind === 'ended') {
    body = <EndedView />;
    fit = true;
  } else {
    const s = view.session;
    const inv = s.invoice;
    const history = (
      <History
        key={`h:${s.paySessionId}`}
        entries={inv.history}
        currency={inv.currency}
        merchant={s.merchant}
      />
    );
    let main;
    fit = screen.kind === 'result' || inv.fullyPaid || inv.state === 'below_minimum';
    if (screen.kind === 'result')
      main = (
        <>
          <ResultView payment={screen.payment} onAnother={() => void another()} onEnd={end} />
          {history}
        </>
      );
    else if (inv.fullyPaid || inv.state === 'below_minimum' || inv.state === 'being_paid')
      main = (
        <>
          <InvoiceState session={s} onEnd={end} />
          {history}
        </>
      );
    else
      main = (
        <>
          <CappedNotice session={s} />
          <BeingPaidNotice session={s} />
          <PayStep
            key={`f:${s.paySessionId}`}
            session={s}
            api={api}
            host={host}
            customerEmail={receiptEmail ?? props.customerEmail}
            reference={reference}
            history={history}
            onPaid={onPaid}
            onError={onError}
          />
        </>
      );
    body = (
      <>
        <InvoiceHeader session={s} />
        {s.invoice.details && (
          <Suspense fallback={null}>
            <InvoiceDetails api={api} query={query} seller={s.merchant} />
          </Suspense>
        )}
        {main}
      </>
    );
  }

  return (
    <div ref={panel} className={fit ? 'panel fit' : 'panel'} part="root" lang={t.locale.split('-')[0]}>
      {body}
      {props.debug && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </div>
  );
}

function Status({ text }: { text: string }) {
  return (
    <div className="status-view" role="status" aria-live="polite">
      <p>{text}</p>
    </div>
  );
}
