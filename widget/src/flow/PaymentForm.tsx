/**
 * Step 1 of the pay flow (spec §2 "Payment page"): amount (typed, or 25/50/75/100 % of the
 * balance), breakdown, optional receipt email, the payment details and the Pay button. The server
 * finalises every payment (DESIGN §4b): the details are quoted first — "Visa credit · surcharge
 * 2.95 % · Total A$…" above the button, which shows that total — then Pay has the server confirm
 * the charge (3-D Secure in between when the bank asks). If the server's total for these details
 * differs from the button's, the widget stops, shows the new total and asks again (DESIGN §4a).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  computeBreakdown,
  formatMoney,
  fromMinorUnits,
  percentageFromBps,
  type BalancePercent,
} from '../../../core/money.ts';
import type { CardHandle } from '../card/card-handle.ts';
import { amountMinor, amountProblem, applyAmountInput, quickAmount } from '../lib/amount.ts';
import type { PayApi, PaySession, PaymentState } from '../lib/api.ts';
import { Breakdown } from './Breakdown.tsx';
import { CardBox } from './CardBox.tsx';
import { ManualAmount } from './ManualAmount.tsx';
import { QuoteLine, WaitNotice } from './QuoteLine.tsx';
import { usePayment, type Problem } from './usePayment.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PERCENTS: BalancePercent[] = [25, 50, 75, 100];

interface Props {
  session: PaySession;
  api: PayApi;
  host: HTMLElement;
  locale: string;
  onPaid(state: PaymentState): void;
  onError(message: string, code: string): void;
}

export function PaymentForm({ session, api, host, locale, onPaid, onError }: Props) {
  const { currency, linkAmount, balance } = session.invoice;
  const money = (m: number) => formatMoney(m, currency, locale);
  const defaultBps = session.surcharge.enabled ? session.surcharge.bps : 0;

  // A link without an amount: the customer states what they pay first (spec: 'Use This Amount').
  const [manualText, setManualText] = useState('');
  const [manual, setManual] = useState<number | null>(null);
  const due = linkAmount !== null ? balance : manual;
  const needsManual = linkAmount === null && manual === null;
  // The most one payment may take: the balance, less under the card limit (DESIGN §3.3).
  const maximum = session.limits.maximum;
  const cap = due === null ? maximum : maximum === null ? due : Math.min(due, maximum);

  const [amountText, setAmountText] = useState(() => (cap !== null ? fromMinorUnits(cap, currency) : ''));
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [handle, setHandle] = useState<CardHandle | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const busyRef = useRef(false);

  const amount = amountMinor(amountText, currency);
  const where = useMemo(
    () => ({ paySessionId: session.paySessionId, invoiceNumber: session.invoice.number, currency, amount }),
    [session.paySessionId, session.invoice.number, currency, amount],
  );
  const payment = usePayment({
    api,
    handle,
    where,
    email,
    amountOk: amount > 0 && amountProblem(amount, due, currency, locale) === null,
  });
  const quote = payment.quote;
  const bps = quote ? quote.breakdown.surchargeBps : defaultBps;
  const breakdown = quote
    ? quote.breakdown
    : computeBreakdown({
        amount,
        surchargeEnabled: bps > 0,
        surchargeBps: bps,
        platformFeeBps: session.platformFeeBps,
      });

  const { onCardChange: paymentCardChange } = payment;
  const onCardChange = useCallback(
    (ready: boolean) => {
      setCardError(null);
      setNotice(null);
      paymentCardChange(ready);
    },
    [paymentCardChange],
  );
  const onLoadError = useCallback(() => setLoadFailed(true), []);
  const blocked = retryAt !== null && Date.parse(retryAt) > Date.now();

  const show = (p: Problem) => {
    const set = p.at === 'card' ? setCardError : p.at === 'amount' ? setAmountError : setFormError;
    set(p.message);
    onError(p.message, p.code);
  };

  async function pay() {
    if (busyRef.current || blocked) return; // duplicate submits are ignored
    const problem = amountProblem(amount, due, currency, locale, breakdown.total);
    setAmountError(problem);
    const emailProblem = email.trim() && !EMAIL.test(email.trim()) ? 'Email is invalid' : null;
    setEmailError(emailProblem);
    if (problem || emailProblem) return;
    if (!handle) {
      // The Pay button is disabled until the card box is ready; this covers a programmatic submit.
      return setFormError(
        session.provider.mode === 'stripe'
          ? 'Stripe is still initializing with the merchant account. Please try again.'
          : 'Stripe has not been initialized. Please refresh the page and try again.',
      );
    }
    busyRef.current = true;
    setBusy(true);
    setCardError(null);
    setFormError(null);
    setNotice(null);
    try {
      const outcome = await payment.pay(breakdown.total);
      if (outcome.kind === 'repriced') {
        const q = outcome.quote;
        setNotice(
          `The surcharge for ${q.paymentMethod.label} is ${percentageFromBps(q.breakdown.surchargeBps)}%, so the total is ${money(q.breakdown.total)}. Please check the new total and press Pay again.`,
        );
      } else if (outcome.kind === 'problem') {
        show(outcome.problem);
        if (outcome.retryAt) setRetryAt(outcome.retryAt);
      } else {
        handle.clear();
        onPaid(outcome.state);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  if (needsManual) {
    return (
      <ManualAmount
        text={manualText}
        onText={setManualText}
        balance={balance}
        currency={currency}
        locale={locale}
        onConfirm={(minor) => {
          setManual(minor);
          setAmountText(fromMinorUnits(minor, currency));
        }}
      />
    );
  }

  const payDisabled = busy || blocked || amount <= 0 || !handle || !session.merchant.ready;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <div className="sec">
        <label htmlFor="ip-am">Payment amount ({currency})</label>
        <input
          id="ip-am"
          inputMode="decimal"
          autoComplete="off"
          part="input amount"
          value={amountText}
          disabled={busy}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? 'ip-ame' : undefined}
          onChange={(e) => {
            setAmountText(applyAmountInput(e.target.value, cap, currency));
            setAmountError(null);
            setNotice(null);
          }}
        />
        {amountError && (
          <p className="err" id="ip-ame" role="alert">
            {amountError}
          </p>
        )}
        {due !== null && (
          <div className="q" role="group" aria-label="Quick amounts">
            {PERCENTS.map((p) => (
              <button
                key={p}
                type="button"
                disabled={busy || quickAmount(due, p, currency, maximum) === null}
                aria-label={`Pay ${p}% of the balance`}
                onClick={() => {
                  const quick = quickAmount(due, p, currency, maximum);
                  if (quick !== null) setAmountText(fromMinorUnits(quick, currency));
                  setAmountError(null);
                  setNotice(null);
                }}
              >
                {p}%
              </button>
            ))}
          </div>
        )}
        {linkAmount === null && (
          <button type="button" className="l" disabled={busy} onClick={() => setManual(null)}>
            Change the amount to pay
          </button>
        )}
      </div>

      <Breakdown breakdown={breakdown} bps={bps} money={money} />
      {notice && (
        <p className="sec n" role="alert">
          {notice}
        </p>
      )}

      <div className="sec">
        <label htmlFor="ip-em">Email for receipt (optional)</label>
        <input
          id="ip-em"
          type="email"
          autoComplete="email"
          part="input"
          value={email}
          disabled={busy}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'ip-eme' : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(null);
          }}
        />
        {emailError && (
          <p className="err" id="ip-eme" role="alert">
            {emailError}
          </p>
        )}
      </div>

      <div className="sec">
        <span className="lbl" id="ip-cl">
          <b>Card information</b>
        </span>
        <CardBox
          email={email}
          session={session}
          api={api}
          host={host}
          amount={breakdown.total}
          loadFailed={loadFailed}
          busy={busy}
          hasError={Boolean(cardError)}
          onHandle={setHandle}
          onCardChange={onCardChange}
          onLoadError={onLoadError}
        />
        <p className="err" id="ip-ce-err" role="alert" part="card-error">
          {cardError}
        </p>
      </div>

      <QuoteLine quote={quote} quoting={payment.quoting} problem={payment.autoProblem} money={money} />
      {formError && (
        <p className="sec err" role="alert">
          {formError}
        </p>
      )}
      {blocked && <WaitNotice until={retryAt!} onOver={() => setRetryAt(null)} />}
      <div className="sec">
        <button type="submit" className="p" part="pay-button" disabled={payDisabled} aria-busy={busy}>
          {busy ? 'Processing...' : `Pay ${money(breakdown.total)}`}
        </button>
      </div>
    </form>
  );
}
