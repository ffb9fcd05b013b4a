/**
 * The payment details: the methods the merchant takes, each a section that turns what the customer
 * enters into a card-box handle (card/card-handle.ts) — in Stripe mode the Payment Element (loaded
 * on demand), in sandbox mode the widget's own test form. AU BECS Direct Debit, when the
 * merchant offers it for this invoice: in Stripe mode a tab of the Payment Element beside cards; in
 * sandbox mode a choice (Card / BECS Direct Debit) above the chosen method's form. Changing method
 * reports the details incomplete, so a quote for the other method (another surcharge rule) drops.
 */
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { SandboxBankDebit } from '../../card/SandboxBankDebit.tsx';
import { SandboxCard } from '../../card/SandboxCard.tsx';
import type { CardHandle } from '../../card/card-handle.ts';
import type { PayApi, PaySession } from '../../lib/api.ts';
import { useWidget } from '../i18n-context.ts';

const StripeCard = lazy(() => import('../../card/StripeCard.tsx'));

export interface MethodSectionProps {
  session: PaySession;
  api: PayApi;
  host: HTMLElement;
  /** The total about to be paid (minor units): the Payment Element shows it in wallets' sheets. */
  amount: number;
  busy: boolean;
  hasError: boolean;
  onHandle(handle: CardHandle | null): void;
  onDetailsChange(complete: boolean): void;
  /** The receipt email typed so far: a bank debit's form starts from it. */
  email: string;
}

export type Method = 'card' | 'au_becs_debit';

/** AU BECS Direct Debit is offered for this invoice (or, on a link without an amount, this amount). */
export function bankDebitOffered(session: PaySession, amount: number): boolean {
  const bd = session.bankDebit;
  return !!bd && (bd.offered ?? (bd.minimumAmount === null || amount >= bd.minimumAmount));
}

/** Cards (with Apple Pay / Google Pay in Stripe mode). */
function CardSection(props: MethodSectionProps) {
  const { session, api, host, amount, busy, hasError, onHandle, onDetailsChange } = props;
  const { t } = useWidget();
  const [loadFailed, setLoadFailed] = useState(false);
  const onLoadError = useCallback(() => setLoadFailed(true), []);
  const unavailable = (
    <p className="field-error" role="alert">
      {t.loadError}
    </p>
  );
  if (loadFailed) return unavailable;
  if (session.provider.mode !== 'stripe')
    return (
      <SandboxCard
        api={api}
        account={session.provider.connectedAccountId}
        onHandle={onHandle}
        onCardChange={onDetailsChange}
        disabled={busy}
        errorId="ip-ce-err"
        hasError={hasError}
      />
    );
  if (!session.provider.publishableKey || !session.provider.connectedAccountId) return unavailable;
  return (
    <Suspense fallback={<p className="muted payment-details">{t.preparing}</p>}>
      <StripeCard
        host={host}
        publishableKey={session.provider.publishableKey}
        account={session.provider.connectedAccountId}
        amount={amount}
        currency={session.invoice.currency}
        bankDebit={bankDebitOffered(session, amount)}
        locale={t.locale}
        onHandle={onHandle}
        onCardChange={onDetailsChange}
        onLoadError={onLoadError}
        disabled={busy}
        errorId="ip-ce-err"
        hasError={hasError}
      />
    </Suspense>
  );
}

/** Sandbox mode's bank debit form (in Stripe mode the Payment Element's BECS tab, CardSection). */
function BankDebitSection(props: MethodSectionProps) {
  const { session, api, busy, hasError, onHandle, onDetailsChange, email } = props;
  return (
    <SandboxBankDebit
      api={api}
      account={session.provider.connectedAccountId}
      merchantName={session.merchant.name}
      email={email}
      onHandle={onHandle}
      onCardChange={onDetailsChange}
      disabled={busy}
      errorId="ip-ce-err"
      hasError={hasError}
    />
  );
}

/** The methods a pay session offers, in the order they are shown. */
export const METHODS: Record<Method, ComponentType<MethodSectionProps>> = {
  card: CardSection,
  au_becs_debit: BankDebitSection,
};

/** Sandbox mode with bank debit offered: the choice the Payment Element shows as tabs. */
function MethodChoice(props: { method: Method; busy: boolean; onChoose(m: Method): void }) {
  const { t } = useWidget();
  const labels: Record<Method, string> = { card: t.methodCard, au_becs_debit: t.methodBankDebit };
  return (
    <fieldset className="method-choice" part="method-choice">
      <legend className="field-label">{t.paymentMethod}</legend>
      {(Object.keys(METHODS) as Method[]).map((m) => (
        <label key={m} className={props.method === m ? 'chosen' : undefined}>
          <input
            type="radio"
            name="ip-method"
            value={m}
            checked={props.method === m}
            disabled={props.busy}
            onChange={() => props.onChoose(m)}
          />
          {labels[m]}
        </label>
      ))}
    </fieldset>
  );
}

/** The method sandbox mode's choice shows (the Payment Element's own tabs choose in Stripe mode). */
export function shownMethod(session: PaySession, amount: number, chosen: Method): Method {
  return session.provider.mode !== 'stripe' && bankDebitOffered(session, amount) ? chosen : 'card';
}

export function PaymentMethodStep(
  props: MethodSectionProps & {
    error: string | undefined;
    /** The method chosen (PayStep prices the summary and the Pay button by its rule). */
    chosen: Method;
    onChoose(method: Method): void;
  },
) {
  const { t } = useWidget();
  const { session, amount, onDetailsChange, chosen, onChoose } = props;
  const offered = bankDebitOffered(session, amount);
  const choice = session.provider.mode !== 'stripe' && offered;
  const method = shownMethod(session, amount, chosen);
  const choose = (m: Method) => {
    if (m === method) return;
    onChoose(m);
    onDetailsChange(false); // the other method's form starts empty; its surcharge rule differs
  };
  const Section = METHODS[method];
  return (
    <div className="section payment-method-step">
      {choice && <MethodChoice method={method} busy={props.busy} onChoose={choose} />}
      {method === 'card' && (
        <span className="field-label" id="ip-cl">
          {/* Stripe mode with bank debit: the Payment Element's tabs are the method choice. */}
          {offered && !choice ? t.paymentMethod : t.paymentDetails}
        </span>
      )}
      <Section {...props} />
      <p className="field-error" id="ip-ce-err" role="alert" part="card-error">
        {props.error}
      </p>
    </div>
  );
}
