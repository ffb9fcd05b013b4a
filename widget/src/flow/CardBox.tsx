/**
 * The payment details of the payment form: Stripe's Payment Element (loaded on demand) for live
 * merchants, the sandbox card otherwise, or the spec's load error when the box cannot be shown.
 */
import { lazy, Suspense } from 'react';
import { SandboxCard } from '../card/SandboxCard.tsx';
import { SandboxMethods } from '../card/SandboxMethods.tsx';
import type { CardHandle } from '../card/card-handle.ts';
import type { PayApi, PaySession } from '../lib/api.ts';

const StripeCard = lazy(() => import('../card/StripeCard.tsx'));

export const LOAD_ERROR =
  'There was a problem loading the payment form. Please try again later or contact support.';

export function CardBox({
  session,
  api,
  host,
  amount,
  loadFailed,
  busy,
  hasError,
  onHandle,
  onCardChange,
  onLoadError,
  email = '',
}: {
  session: PaySession;
  api: PayApi;
  host: HTMLElement;
  /** The total about to be paid (minor units): the Payment Element shows it in wallets' sheets. */
  amount: number;
  loadFailed: boolean;
  busy: boolean;
  hasError: boolean;
  onHandle(handle: CardHandle | null): void;
  onCardChange(ready: boolean): void;
  onLoadError(): void;
  /** The receipt email typed so far: a bank debit's form starts from it. */
  email?: string;
}) {
  // AU BECS Direct Debit (issue 17): offered for this invoice, or for this amount when the link has none.
  const bd = session.bankDebit;
  const bankDebit = !!bd && (bd.offered ?? (bd.minimumAmount === null || amount >= bd.minimumAmount));
  if (loadFailed)
    return (
      <p className="err" role="alert">
        {LOAD_ERROR}
      </p>
    );
  if (session.provider.mode !== 'stripe' && bankDebit)
    return (
      <SandboxMethods
        api={api}
        account={session.provider.connectedAccountId}
        merchantName={session.merchant.name}
        email={email}
        onHandle={onHandle}
        onCardChange={onCardChange}
        disabled={busy}
        errorId="ip-ce-err"
        hasError={hasError}
      />
    );
  if (session.provider.mode !== 'stripe')
    return (
      <SandboxCard
        api={api}
        account={session.provider.connectedAccountId}
        onHandle={onHandle}
        onCardChange={onCardChange}
        disabled={busy}
        errorId="ip-ce-err"
        hasError={hasError}
      />
    );
  if (!session.provider.publishableKey || !session.provider.connectedAccountId)
    return (
      <p className="err" role="alert">
        {LOAD_ERROR}
      </p>
    );
  return (
    <Suspense fallback={<p className="m card">Preparing payment page...</p>}>
      <StripeCard
        host={host}
        publishableKey={session.provider.publishableKey}
        account={session.provider.connectedAccountId}
        amount={amount}
        currency={session.invoice.currency}
        bankDebit={bankDebit}
        onHandle={onHandle}
        onCardChange={onCardChange}
        onLoadError={onLoadError}
        disabled={busy}
        errorId="ip-ce-err"
        hasError={hasError}
      />
    </Suspense>
  );
}
