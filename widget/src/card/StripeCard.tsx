/**
 * Stripe mode's card box: Stripe Elements via @stripe/react-stripe-js, Stripe.js loaded from
 * js.stripe.com only when this module runs (`@stripe/stripe-js/pure`) and initialised with the
 * merchant's connected account (direct charges). Stripe refuses to mount Elements inside a shadow
 * root, so the card element lives in a light-DOM child of `<invoice-pay>` and is projected into
 * the card box through `<slot name="card">` (DESIGN §4). Card data goes from Stripe's iframe to
 * Stripe; our server never sees it.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CardBoxProps, CardHandle } from './card-handle.ts';

interface Props extends CardBoxProps {
  host: HTMLElement;
  publishableKey: string;
  account: string;
  onLoadError(): void;
}

export const NOT_INITIALIZED = 'Stripe has not been initialized. Please refresh the page and try again.';
export const NO_CARD_ELEMENT = 'Card element not found. Please refresh the page and try again.';

let slotCounter = 0;

export default function StripeCard(props: Props) {
  const { host, publishableKey, account, onLoadError } = props;
  const [stripe] = useState(() => loadStripe(publishableKey, { stripeAccount: account, locale: 'en' }));
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

  return (
    <div className="card" part="card">
      {!ready && (
        <p className="m" role="status">
          Preparing payment page...
        </p>
      )}
      {mount && (
        <>
          <slot name={mount.slot} />
          <Elements stripe={stripe as Promise<Stripe | null>} options={{ locale: 'en' }}>
            {createPortal(<CardField {...props} onReady={() => setReady(true)} />, mount.node)}
          </Elements>
        </>
      )}
    </div>
  );
}

function CardField({ onHandle, onCardChange, disabled, onReady }: Props & { onReady(): void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !mounted) return;
    const handle: CardHandle = {
      async createPaymentMethod(billing) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: { message: NO_CARD_ELEMENT } };
        const r = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: billing.email ? { email: billing.email } : undefined,
        });
        return r.error ? { error: r.error } : { id: r.paymentMethod.id };
      },
      async confirm(clientSecret, paymentMethodId) {
        const r = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId });
        return r.error
          ? { error: r.error }
          : { paymentIntent: { id: r.paymentIntent.id, status: r.paymentIntent.status } };
      },
      clear() {
        elements.getElement(CardElement)?.clear();
      },
    };
    onHandle(handle);
    return () => onHandle(null);
  }, [stripe, elements, mounted, onHandle]);

  return (
    <CardElement
      options={{ hidePostalCode: true, disabled, style: { base: { fontSize: '16px', color: '#111827' } } }}
      onReady={() => {
        setMounted(true);
        onReady();
      }}
      onChange={onCardChange}
    />
  );
}
