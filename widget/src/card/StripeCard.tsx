/**
 * Stripe mode's card box: the Payment Element via @stripe/react-stripe-js in deferred-intent mode
 * (`mode: 'payment'`, the amount and currency, cards, plus AU BECS Direct Debit when the merchant offers it — Apple Pay and Google Pay appear as cards
 * where the browser offers them), Stripe.js loaded from js.stripe.com only when this module runs
 * (`@stripe/stripe-js/pure`) and initialised with the merchant's connected account (direct charges).
 * Stripe refuses to mount Elements inside a shadow root, so the element lives in a light-DOM child
 * of `<invoice-pay>` and is projected into the card box through a named `<slot>` (DESIGN §4).
 * Payments are finalised on the server: `elements.submit()`, then `createConfirmationToken` — the
 * server quotes and confirms with the token; `handleNextAction` runs 3-D Secure. Card data goes from
 * Stripe's iframe to Stripe; our server never sees it.
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useWidget } from '../flow/i18n-context.ts';
import type { CardBoxProps, CardHandle } from './card-handle.ts';

interface Props extends CardBoxProps {
  host: HTMLElement;
  publishableKey: string;
  account: string;
  /** What the customer is about to pay (minor units), for wallets' payment sheets. */
  amount: number;
  currency: string;
  /** Offer AU BECS Direct Debit too (the element shows its fields and Stripe's mandate text). */
  bankDebit?: boolean;
  /** Offer PayTo too (the element takes a PayID or BSB and account; the customer approves in their bank). */
  payTo?: boolean;
  /** The element's locale: Stripe's texts follow its language (spec §9: 'en' for English). */
  locale: string;
  onLoadError(): void;
}

let slotCounter = 0;

export default function StripeCard(props: Props) {
  const { host, publishableKey, account, onLoadError } = props;
  const { t } = useWidget();
  const stripeLocale = props.locale.split('-')[0] as StripeElementLocale;
  const [stripe] = useState(() =>
    loadStripe(publishableKey, { stripeAccount: account, locale: stripeLocale }),
  );
  const [mount, setMount] = useState<{ node: HTMLElement; slot: string } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    stripe.catch(onLoadError);
  }, [stripe, onLoadError]);

  // The mount point: a light-DOM child of the host, projected into our shadow tree by its slot name.
  useLayoutEffect(() => {
    const node = document.createElement('div');
    const slot = `invoice-pay-card-${++slotCounter}`;
    node.slot = slot;
    node.style.cssText =
      'display:block!important;margin:0!important;padding:0!important;border:0!important;min-height:24px';
    host.appendChild(node);
    setMount({ node, slot });
    return () => node.remove();
  }, [host]);

  // Deferred intent: no intent exists until the server confirms. Stripe needs an amount above zero.
  const amount = Math.max(props.amount, 1);
  const currency = props.currency.toLowerCase();
  const bankDebit = props.bankDebit === true && currency === 'aud';
  const payTo = props.payTo === true && currency === 'aud';
  const options = useMemo<StripeElementsOptions>(
    () => ({
      mode: 'payment',
      amount,
      currency,
      allowedPaymentMethodTypes: [
        'card',
        ...(bankDebit ? ['au_becs_debit'] : []),
        ...(payTo ? ['payto'] : []),
      ],
      locale: stripeLocale,
    }),
    [amount, currency, bankDebit, payTo, stripeLocale],
  );

  return (
    <div className="payment-details" part="card">
      {!ready && (
        <p className="muted" role="status">
          {t.preparing}
        </p>
      )}
      {mount && (
        <>
          <slot name={mount.slot} />
          <Elements stripe={stripe as Promise<Stripe | null>} options={options}>
            {createPortal(<PaymentField {...props} onReady={() => setReady(true)} />, mount.node)}
          </Elements>
        </>
      )}
    </div>
  );
}

function PaymentField({ onHandle, onCardChange, disabled, onReady }: Props & { onReady(): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !mounted) return;
    const handle: CardHandle = {
      async createToken(billing) {
        // Stripe validates the fields (and shows a wallet's sheet) first; only then the token.
        const submitted = await elements.submit();
        if (submitted.error) return { error: submitted.error };
        const r = await stripe.createConfirmationToken({
          elements,
          params: billing.email ? { payment_method_data: { billing_details: { email: billing.email } } } : {},
        });
        return r.error ? { error: r.error } : { token: r.confirmationToken.id };
      },
      async handleNextAction(clientSecret) {
        const r = await stripe.handleNextAction({ clientSecret });
        return r.error ? { error: r.error } : { ok: true };
      },
      clear() {
        elements.getElement('payment')?.clear();
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [stripe, elements, mounted, onHandle]);

  return (
    <PaymentElement
      options={{
        layout: 'tabs',
        readOnly: disabled,
        wallets: { applePay: 'auto', googlePay: 'auto' },
      }}
      onReady={() => {
        setMounted(true);
        onReady();
      }}
      // A card typed in is quoted as soon as it is complete; a wallet when Pay is pressed (its sheet
      // needs the customer's gesture).
      onChange={(e) => onCardChange(e.complete && e.value.type === 'card')}
    />
  );
}
