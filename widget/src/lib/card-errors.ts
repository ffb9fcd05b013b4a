/**
 * Card errors as the customer reads them under the card box: the spec's wording for the named
 * decline codes (core/card-errors.ts says the same on the server), in the element's language. A
 * code the catalogue does not name shows the provider's own message in English; in another
 * language the catalogue's "card declined" for a card error, else the provider's message.
 */
import { en, type Messages } from '../i18n/en.ts';
import type { CardError } from '../../../core/card-errors.ts';

export { CARD_MESSAGES, cardErrorMessage, type CardError } from '../../../core/card-errors.ts';

export function cardErrorText(error: CardError | null | undefined, t: Messages): string {
  // Stripe reports an expired card as code 'expired_card' (no decline code); the sandbox sets both.
  const reason = error?.decline_code || error?.code || '';
  if (reason === 'insufficient_funds') return t.cardInsufficientFunds;
  if (reason === 'stolen_card' || reason === 'lost_card') return t.cardLostOrStolen;
  if (reason === 'expired_card') return t.cardExpired;
  if (reason === 'incomplete_number') return t.incompleteNumber;
  if (reason === 'incomplete_expiry') return t.incompleteExpiry;
  if (reason === 'incomplete_cvc') return t.incompleteCvc;
  if (reason === 'payment_intent_authentication_failure') return t.cardAuthenticationFailed;
  const message = error?.message?.trim();
  if (t !== en && (error?.code === 'card_declined' || error?.type === 'card_error')) return t.cardDeclined;
  return message ? message : t.cardFallback;
}
