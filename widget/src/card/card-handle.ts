/**
 * What the payment form needs from a card box, whichever provider is behind it: the Payment Element
 * (Stripe mode) or the widget's own test-card form (sandbox mode). Both speak Stripe.js's shapes and
 * follow Stripe's "finalize payments on the server" flow: the payment details become a confirmation
 * token (the server prices it, then confirms the payment with it); a 3-D Secure step the server's
 * confirmation asks for is handled here (handleNextAction). Nothing here ever confirms a payment.
 */
import type { CardError } from '../lib/card-errors.ts';

export type TokenResult = { token: string } | { error: CardError };
export type NextActionResult = { ok: true } | { error: CardError };

export interface CardHandle {
  /**
   * Check what the customer entered and turn it into a confirmation token (`ctoken_…`); card data
   * goes to the provider only. Stripe: `elements.submit()`, then `createConfirmationToken`.
   */
  createToken(billing: { email?: string }): Promise<TokenResult>;
  /** Run the 3-D Secure step of an intent the server confirmed (Stripe: `handleNextAction`). */
  handleNextAction(clientSecret: string): Promise<NextActionResult>;
  /** Empty the card fields (after a success, or a decline, for the next card). */
  clear(): void;
}

export interface CardBoxProps {
  /** Called with the handle once the card box can take a card, null while it cannot. */
  onHandle(handle: CardHandle | null): void;
  /**
   * The payment details changed: any quote for the previous ones no longer holds. `ready`: they look
   * complete enough to be quoted without the customer pressing anything (a card typed in; a wallet
   * needs the customer's gesture, so it is quoted when Pay is pressed).
   */
  onCardChange(ready: boolean): void;
  disabled: boolean;
  errorId: string;
  hasError: boolean;
}
