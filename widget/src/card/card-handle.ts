/**
 * What the payment form needs from a card box, whichever provider is behind it: Stripe Elements
 * (Stripe mode) or the widget's own test-card form (sandbox mode). Both speak Stripe.js's shapes.
 */
import type { CardError } from '../lib/card-errors.ts';

export type PaymentMethodResult = { id: string } | { error: CardError };
export type ConfirmResult = { paymentIntent: { id: string; status: string } } | { error: CardError };

export interface CardHandle {
  /** Turn what the customer entered into a payment method (`pm_…`); card data goes to the provider only. */
  createPaymentMethod(billing: { name?: string; email?: string }): Promise<PaymentMethodResult>;
  /** Confirm the intent with the payment method; 3-D Secure happens inside. */
  confirm(clientSecret: string, paymentMethodId: string): Promise<ConfirmResult>;
  /** Empty the card fields (after a success, for the next card). */
  clear(): void;
}

export interface CardBoxProps {
  /** Called with the handle once the card box can take a card, null while it cannot. */
  onHandle(handle: CardHandle | null): void;
  /** The card changed: any quoted surcharge for the previous card no longer holds. */
  onCardChange(): void;
  disabled: boolean;
  errorId: string;
  hasError: boolean;
}
