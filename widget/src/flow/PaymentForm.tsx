/**
 * Step 1 of the pay flow (spec §2 "Payment page"): amount (typed, or 25/50/75/100 % of the
 * balance), breakdown, optional receipt email, the card box and the Pay button. Paying: payment
 * method → intent on our API with the pay session → if the server's total for this card differs
 * from the button's, stop and ask again with the new total (DESIGN §4a) → confirm (3-D Secure
 * inside) → refresh on our API, whose word is final.
 */
import { useCallback, useRef, useState } from 'react';
import {
  computeBreakdown,
  formatMoney,
  fromMinorUnits,
  percentageFromBps,
  type BalancePercent,
} from '../../../core/money.ts';
import type { CardHandle } from '../card/card-handle.ts';
import { amountMinor, amountProblem, applyAmountInput, quickAmount } from '../lib/amount.ts';
import { ApiError, type PayApi, type PaySession, type PaymentState } from '../lib/api.ts';
import { cardErrorMessage } from '../lib/card-errors.ts';
import { Breakdown } from './Breakdown.tsx';
import { CardBox } from './CardBox.tsx';
import { ManualAmount } from './ManualAmount.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PERCENTS: BalancePercent[] = [25, 50, 75, 100];
export const PROCESSING_ERROR = 'There was an error processing your payment. Please try again.';

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
  const [bps, setBps] = useState(defaultBps);
  const [quote, setQuote] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [handle, setHandle] = useState<CardHandle | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const busyRef = useRef(false);

  const amount = amountMinor(amountText, currency);
  const breakdown = computeBreakdown({
    amount,
    surchargeEnabled: bps > 0,
    surchargeBps: bps,
    platformFeeBps: session.platformFeeBps,
  });

  const onCardChange = useCallback(() => {
    setCardError(null);
    setQuote(null);
    setBps(defaultBps);
  }, [defaultBps]);
  const onLoadError = useCallback(() => setLoadFailed(true), []);

  const fail = (message: string, code: string, set: (m: string) => void = setFormError) => {
    set(message);
    onError(message, code);
  };

  async function pay() {
    if (busyRef.current) return; // duplicate submits are ignored
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
    const shownTotal = breakdown.total;
    try {
      const pm = await handle.createPaymentMethod({ email: email.trim() || undefined });
      if ('error' in pm) return fail(cardErrorMessage(pm.error), pm.error.code ?? 'card_error', setCardError);
      let created;
      try {
        created = await api.createPayment({
          paySessionId: session.paySessionId,
          invoiceNumber: session.invoice.number,
          amount,
          currency,
          paymentMethodId: pm.id,
          customerEmail: email.trim() || null,
        });
      } catch (err) {
        const e = err as ApiError;
        return fail(
          e.code === 'network' ? PROCESSING_ERROR : `Payment failed: ${e.message}`,
          e.code ?? 'api_error',
        );
      }
      if (typeof created.clientSecret !== 'string' || !created.clientSecret.includes('_secret_')) {
        return fail('Missing or invalid client secret from backend API', 'invalid_client_secret');
      }
      // Surcharge shown = surcharge charged: this card costs a different total, so ask again.
      if (created.breakdown.total !== shownTotal) {
        setBps(created.breakdown.surchargeBps);
        setQuote(
          `The surcharge for this card is ${percentageFromBps(created.breakdown.surchargeBps)}%, so the total is ${money(created.breakdown.total)}. Please check the new total and press Pay again.`,
        );
        return;
      }
      const confirmed = await handle.confirm(created.clientSecret, pm.id);
      if ('error' in confirmed) {
        api.refresh(created.paymentId).catch(() => {}); // let our ledger release the reservation now
        return fail(
          cardErrorMessage(confirmed.error),
          confirmed.error.decline_code ?? confirmed.error.code ?? 'card_error',
          setCardError,
        );
      }
      const status = confirmed.paymentIntent.status;
      if (status !== 'succeeded' && status !== 'processing')
        return fail(`Payment failed with status: ${status}`, status);
      let state: PaymentState;
      try {
        state = await api.refresh(created.paymentId);
      } catch {
        state = {
          paymentId: created.paymentId,
          transactionId: created.paymentIntentId,
          status,
          invoice: session.invoice.number,
          currency,
          amount: created.breakdown.amount,
          surcharge: created.breakdown.surcharge,
          total: created.breakdown.total,
          remaining: created.remainingAfter,
          failure: null,
        };
      }
      if (state.status === 'failed' || state.status === 'canceled') {
        return fail(
          state.failure?.message || `Payment failed with status: ${state.status}`,
          state.status,
          setCardError,
        );
      }
      handle.clear();
      onPaid(state);
    } catch {
      fail(PROCESSING_ERROR, 'processing_error');
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

  const payDisabled = busy || amount <= 0 || !handle || !session.merchant.ready;
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
      {quote && (
        <p className="sec n" role="alert">
          {quote}
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
          session={session}
          api={api}
          host={host}
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

      {formError && (
        <p className="sec err" role="alert">
          {formError}
        </p>
      )}
      <div className="sec">
        <button type="submit" className="p" part="pay-button" disabled={payDisabled} aria-busy={busy}>
          {busy ? 'Processing...' : `Pay ${money(breakdown.total)}`}
        </button>
      </div>
    </form>
  );
}
