/**
 * The pay step (spec §2 "Payment page"; DESIGN §3.2, §4b): the amount (typed, or 25/50/75/100 % of
 * the balance) with its breakdown, the payment's history, an optional receipt email, the payment
 * details, what the server quoted for them, and the Pay button. Driven by one state machine
 * (pay-machine.ts) — one component per part — and its actions (usePayActions.ts): the details are
 * quoted, then Pay has the server confirm the charge; a different total is shown and asked again.
 */
import { useCallback, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { computeBreakdown, percentageFromBps } from '../../../../core/money.ts';
import type { CardHandle } from '../../card/card-handle.ts';
import { amountMinor, amountProblem, amountText } from '../../lib/amount.ts';
import type { PayApi, PaySession, PaymentState } from '../../lib/api.ts';
import { useMoney, useWidget } from '../i18n-context.ts';
import { AmountStep } from './AmountStep.tsx';
import { Breakdown } from './Breakdown.tsx';
import { initialPayState, isBusy, payReducer } from './pay-machine.ts';
import { ApprovalView } from './ApprovalView.tsx';
import { methodTerms, PaymentMethodStep, shownMethod, type Method } from './PaymentMethodStep.tsx';
import { QuoteSummary, WaitNotice } from './QuoteSummary.tsx';
import { ReceiptEmail } from './ReceiptEmail.tsx';
import { StateAmountStep } from './StateAmountStep.tsx';
import { usePayActions } from './usePayActions.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Props {
  session: PaySession;
  api: PayApi;
  host: HTMLElement;
  customerEmail: string | undefined;
  reference: string | null;
  /** The invoice's payment history, shown above the Pay button. */
  history: ReactNode;
  /** A payment went through; `email` is the receipt address typed for it (kept for the next one). */
  onPaid(state: PaymentState, email: string): void;
  onError(message: string, code: string): void;
}

export function PayStep({ session, api, host, customerEmail, reference, history, onPaid, onError }: Props) {
  const { t, locale } = useWidget();
  const { currency, linkAmount, balance } = session.invoice;
  const money = useMoney(currency);
  const maximum = session.limits.maximum;
  const capOf = (due: number | null) =>
    due === null ? maximum : maximum === null ? due : Math.min(due, maximum);

  const [state, dispatch] = useReducer(payReducer, undefined, () => {
    const cap = capOf(linkAmount !== null ? balance : null);
    return initialPayState({
      amountText: linkAmount !== null && cap !== null ? amountText(cap, currency, locale) : '',
      needsAmount: linkAmount === null,
      email: customerEmail,
    });
  });
  // A link without an amount: what the customer stated bounds this payment.
  const due = linkAmount !== null ? balance : state.stated;
  const cap = capOf(due);
  const amount = amountMinor(state.amountText, currency, locale);
  const [handle, setHandle] = useState<CardHandle | null>(null);
  const where = useMemo(
    () => ({ paySessionId: session.paySessionId, invoiceNumber: session.invoice.number, currency, amount }),
    [session.paySessionId, session.invoice.number, currency, amount],
  );
  const amountOk = amount > 0 && amountProblem(amount, due, currency, t, locale) === null;
  const { pay } = usePayActions(state, dispatch, {
    api,
    handle,
    where,
    amountOk,
    reference,
    t,
    onStale: (problem) => onError(problem.message, problem.code),
  });

  // The method chosen prices the summary at once: bank debit and PayTo have their own rules (often
  // no surcharge, or a capped one), so the first Pay is the last.
  const [chosen, setChosen] = useState<Method>('card');
  const bankDebit = methodTerms(session, shownMethod(session, amount, chosen));
  const defaultBps = bankDebit
    ? bankDebit.surchargeBps
    : session.surcharge.enabled
      ? session.surcharge.bps
      : 0;
  const bps = state.quote ? state.quote.breakdown.surchargeBps : defaultBps;
  const breakdown = state.quote
    ? state.quote.breakdown
    : computeBreakdown({
        amount,
        surchargeEnabled: bps > 0,
        surchargeBps: bps,
        platformFeeBps: session.platformFeeBps,
        surchargeCap: bankDebit?.surchargeCap ?? null,
      });

  const onDetailsChange = useCallback(
    (complete: boolean) => dispatch({ type: 'DETAILS_CHANGED', complete }),
    [],
  );
  const onWaitOver = useCallback(() => dispatch({ type: 'WAIT_OVER' }), []);
  const busy = isBusy(state);
  const submitting = useRef(false);

  async function submit() {
    if (submitting.current || busy || state.phase === 'waiting') return; // duplicate submits are ignored
    const amountError = amountProblem(amount, due, currency, t, locale, breakdown.total);
    const emailError = state.email.trim() && !EMAIL.test(state.email.trim()) ? t.emailInvalid : null;
    if (amountError || emailError) {
      dispatch({
        type: 'CHECK_FAILED',
        problems: { amount: amountError ?? undefined, email: emailError ?? undefined },
      });
      return;
    }
    if (!handle) {
      // The Pay button is disabled until the card box is ready; this covers a programmatic submit.
      dispatch({
        type: 'CHECK_FAILED',
        problems: { form: session.provider.mode === 'stripe' ? t.stripeStarting : t.stripeMissing },
      });
      return;
    }
    submitting.current = true;
    try {
      const outcome = await pay(breakdown.total);
      if (outcome && 'problem' in outcome) onError(outcome.problem.message, outcome.problem.code);
      else if (outcome) {
        handle.clear();
        onPaid(outcome.paid, state.email);
      }
    } finally {
      submitting.current = false;
    }
  }

  // While the bank is asked, the form stays mounted but hidden: a decline brings the customer back
  // to what they typed (their name, their PayID), not to an empty form.
  const approval = state.phase === 'approving' ? state.approval : null;
  const approvalView = approval && (
    <ApprovalView
      payment={approval}
      merchantName={session.merchant.name}
      paySessionId={session.paySessionId}
      api={api}
      testMode={session.provider.mode !== 'stripe'}
      money={money}
    />
  );

  if (state.phase === 'stating_amount')
    return (
      <>
        <StateAmountStep state={state} dispatch={dispatch} balance={balance} currency={currency} />
        {history}
      </>
    );

  const repriced = state.repriced;
  // An empty or zero amount keeps Pay pressable: pressing it says what is wrong (a greyed button
  // said nothing, issue 36 item 11).
  const payDisabled = busy || state.phase === 'waiting' || !handle || !session.merchant.ready;
  return (
    <>
      {approvalView}
      <form
        noValidate
        hidden={!!approvalView}
        className="pay-step"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <AmountStep
          state={state}
          dispatch={dispatch}
          currency={currency}
          due={due}
          maximum={maximum}
          cap={cap}
          stated={linkAmount === null}
          busy={busy}
          bankDebit={session.bankDebit !== null && session.bankDebit.offered !== false}
        />
        <Breakdown breakdown={breakdown} bps={bps} money={money} />
        {repriced && (
          <p className="section notice" role="alert">
            {t.repriced(
              repriced.paymentMethod.label,
              percentageFromBps(repriced.breakdown.surchargeBps),
              money(repriced.breakdown.total),
            )}
          </p>
        )}
        {history}
        <ReceiptEmail state={state} dispatch={dispatch} busy={busy} />
        <PaymentMethodStep
          session={session}
          api={api}
          host={host}
          amount={breakdown.total}
          busy={busy}
          hasError={Boolean(state.problems.card)}
          error={state.problems.card}
          onHandle={setHandle}
          onDetailsChange={onDetailsChange}
          email={state.email}
          chosen={chosen}
          onChoose={setChosen}
        />
        <QuoteSummary state={state} money={money} />
        {state.problems.form && (
          <p className="section field-error" role="alert">
            {state.problems.form}
          </p>
        )}
        {state.phase === 'checking' && (
          <p className="section notice" role="status">
            {t.checking}
          </p>
        )}
        {state.phase === 'waiting' && state.retryAt && (
          <WaitNotice until={state.retryAt} reason={state.waitReason} onOver={onWaitOver} />
        )}
        <div className="section">
          <button type="submit" className="primary" part="pay-button" disabled={payDisabled} aria-busy={busy}>
            {busy ? t.processing : t.pay(money(breakdown.total))}
          </button>
        </div>
      </form>
    </>
  );
}
