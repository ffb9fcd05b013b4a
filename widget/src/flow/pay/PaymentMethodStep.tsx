/**
 * The payment details: the methods the merchant takes, each a section that turns what the customer
 * enters into a card-box handle (card/card-handle.ts) — in Stripe mode the Payment Element (loaded
 * on demand), in sandbox mode the widget's own test form. Cards today; another method (a bank debit:
 * issue 17's BECS section) adds an entry to METHODS and the step shows a choice between them.
 */
import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
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

/** The methods a pay session offers, in the order they are shown. */
export const METHODS: Record<string, ComponentType<MethodSectionProps>> = { card: CardSection };

export function PaymentMethodStep(props: MethodSectionProps & { error: string | undefined }) {
  const { t } = useWidget();
  const Section = METHODS.card;
  return (
    <div className="section payment-method-step">
      <span className="field-label" id="ip-cl">
        {t.paymentDetails}
      </span>
      <Section {...props} />
      <p className="field-error" id="ip-ce-err" role="alert" part="card-error">
        {props.error}
      </p>
    </div>
  );
}
