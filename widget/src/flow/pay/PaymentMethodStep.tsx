/**
 * The payment details: the methods the merchant takes, each a section that turns what the customer
 * enters into a card-box handle (card/card-handle.ts) — in Stripe mode the Payment Element (loaded
 * on demand), in sandbox mode the widget's own test form. AU BECS Direct Debit, when the
 * merchant offers it for this invoice: in Stripe mode a tab of the Payment Element beside cards; in
 * sandbox mode a choice (Card / BECS Direct Debit / PayTo) above the chosen method's form. PayTo,
 * likewise, when offered. Changing method reports the details incomplete, so a quote for the other
 * method (another surcharge rule) drops.
 */
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { loadSandboxCard, sandboxCard } from '../../card/sandbox-card.ts';
import type { CardHandle } from '../../card/card-handle.ts';
import type { BankFormProps } from '../../card/SandboxForm.tsx';
import type { PayApi, PaySession } from '../../lib/api.ts';
import { useWidget } from '../i18n-context.ts';

// Each mode's forms are chunks of their own: a Stripe-mode page never needs the sandbox's test
// forms, a sandbox page never the Payment Element, and a first card payment never a bank form
// (DESIGN §9 budgets what the flow downloads before the customer chooses). The sandbox's card
// form is fetched before the form is shown (card/sandbox-card.ts); lazy only as a fallback.
const StripeCard = lazy(() => import('../../card/StripeCard.tsx'));
const LazySandboxCard = lazy(() => loadSandboxCard().then((c) => ({ default: c })));
const SandboxBankDebit = lazy(() =>
  import('../../card/SandboxBankDebit.tsx').then((m) => ({ default: m.SandboxBankDebit })),
);
const SandboxPayTo = lazy(() =>
  import('../../card/SandboxPayTo.tsx').then((m) => ({ default: m.SandboxPayTo })),
);

/** While a form's chunk arrives. */
function Preparing() {
  const { t } = useWidget();
  return <p className="muted payment-details">{t.preparing}</p>;
}

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

export type Method = 'card' | 'au_becs_debit' | 'payto';

/** The session's terms for a bank method (BECS Direct Debit, PayTo), null when not offered in this currency. */
export function methodTerms(session: PaySession, method: Method) {
  return method === 'au_becs_debit' ? session.bankDebit : method === 'payto' ? session.payTo : null;
}

/** A bank method is offered for this invoice (or, on a link without an amount, this amount); cards always are. */
export function methodOffered(session: PaySession, amount: number, method: Method): boolean {
  if (method === 'card') return true;
  const m = methodTerms(session, method);
  return !!m && (m.offered ?? (m.minimumAmount === null || amount >= m.minimumAmount));
}

/** AU BECS Direct Debit is offered for this invoice (or, on a link without an amount, this amount). */
export const bankDebitOffered = (session: PaySession, amount: number) =>
  methodOffered(session, amount, 'au_becs_debit');

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
  if (session.provider.mode !== 'stripe') {
    const SandboxCard = sandboxCard() ?? LazySandboxCard;
    return (
      <Suspense fallback={<Preparing />}>
        <SandboxCard
          api={api}
          account={session.provider.connectedAccountId}
          onHandle={onHandle}
          onCardChange={onDetailsChange}
          disabled={busy}
          errorId="ip-ce-err"
          hasError={hasError}
        />
      </Suspense>
    );
  }
  if (!session.provider.publishableKey || !session.provider.connectedAccountId) return unavailable;
  return (
    <Suspense fallback={<Preparing />}>
      <StripeCard
        host={host}
        publishableKey={session.provider.publishableKey}
        account={session.provider.connectedAccountId}
        amount={amount}
        currency={session.invoice.currency}
        bankDebit={bankDebitOffered(session, amount)}
        payTo={methodOffered(session, amount, 'payto')}
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

/**
 * Sandbox mode's form for a bank method — BECS Direct Debit or PayTo (in Stripe mode the Payment
 * Element's tab, CardSection): the test form, told the merchant (its texts name them) and the
 * receipt email typed so far.
 */
function bankSection(Form: ComponentType<BankFormProps>) {
  return function BankSection(props: MethodSectionProps) {
    const { session, api, busy, hasError, onHandle, onDetailsChange, email } = props;
    return (
      <Suspense fallback={<Preparing />}>
        <Form
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
      </Suspense>
    );
  };
}

/** The methods a pay session offers, in the order they are shown. */
export const METHODS: Record<Method, ComponentType<MethodSectionProps>> = {
  card: CardSection,
  au_becs_debit: bankSection(SandboxBankDebit),
  payto: bankSection(SandboxPayTo),
};

/** Sandbox mode with a bank method offered: the choice the Payment Element shows as tabs. */
function MethodChoice(props: {
  methods: Method[];
  method: Method;
  busy: boolean;
  onChoose(m: Method): void;
}) {
  const { t } = useWidget();
  const labels: Record<Method, string> = {
    card: t.methodCard,
    au_becs_debit: t.methodBankDebit,
    payto: t.methodPayTo,
  };
  return (
    <fieldset className="method-choice" part="method-choice">
      <legend className="field-label">{t.paymentMethod}</legend>
      {props.methods.map((m) => (
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

/** The methods offered for this amount, cards first. */
export const offeredMethods = (session: PaySession, amount: number): Method[] =>
  (Object.keys(METHODS) as Method[]).filter((m) => methodOffered(session, amount, m));

/** The method sandbox mode's choice shows (the Payment Element's own tabs choose in Stripe mode). */
export function shownMethod(session: PaySession, amount: number, chosen: Method): Method {
  return session.provider.mode !== 'stripe' && methodOffered(session, amount, chosen) ? chosen : 'card';
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
  const methods = offeredMethods(session, amount);
  const offered = methods.length > 1;
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
      {choice && <MethodChoice methods={methods} method={method} busy={props.busy} onChoose={choose} />}
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
