/**
 * Card errors as the customer reads them under the card box (spec §8): a few decline codes get the
 * spec's own wording, anything else shows the provider's message, or a generic fallback. The server
 * answers a declined payment with this message (api/payments/create/confirm-answer.ts); the widget shows it, and
 * uses the same function for errors Stripe.js reports before anything reaches the server.
 */
import { CARD_MESSAGES } from './messages.ts';

/** What Stripe.js (and the sandbox) report for a refused card. */
export interface CardError {
  type?: string | null;
  code?: string | null;
  decline_code?: string | null;
  message?: string | null;
}

export { CARD_MESSAGES };

/**
 * @example
 * cardErrorMessage({ code: 'card_declined', decline_code: 'stolen_card', message: 'Your card was declined.' });
 * // 'This card has been reported as lost or stolen. Please use a different card.'
 */
export function cardErrorMessage(error: CardError | null | undefined): string {
  // Stripe reports an expired card as code 'expired_card' (no decline code); the sandbox sets both.
  const reason = error?.decline_code || error?.code || '';
  if (reason === 'insufficient_funds') return CARD_MESSAGES.insufficient_funds;
  if (reason === 'stolen_card' || reason === 'lost_card') return CARD_MESSAGES.lost_or_stolen;
  if (reason === 'expired_card') return CARD_MESSAGES.expired_card;
  const message = error?.message?.trim();
  return message ? message : CARD_MESSAGES.fallback;
}
