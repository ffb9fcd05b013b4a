/** Card errors under the card box: spec §8's wording for the named decline codes, else the provider's message. */
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardErrorMessage } from '../../widget/src/lib/card-errors.ts';

describe('cardErrorMessage', () => {
  it('uses the spec texts for insufficient funds, lost or stolen, and expired cards', () => {
    expect(
      cardErrorMessage({
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    ).toBe('Your card has insufficient funds. Please try a different payment method.');
    for (const decline_code of ['stolen_card', 'lost_card']) {
      expect(
        cardErrorMessage({ code: 'card_declined', decline_code, message: 'Your card was declined.' }),
      ).toBe('This card has been reported as lost or stolen. Please use a different card.');
    }
    // Stripe reports an expired card as a code without a decline code.
    expect(
      cardErrorMessage({ type: 'card_error', code: 'expired_card', message: 'Your card has expired.' }),
    ).toBe('Your card has expired. Please update your card information or use a different card.');
  });

  it("shows the provider's message otherwise, and a fallback when there is none", () => {
    expect(
      cardErrorMessage({
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      }),
    ).toBe('Your card was declined.');
    expect(
      cardErrorMessage({ code: 'incorrect_cvc', message: "Your card's security code is incorrect." }),
    ).toBe("Your card's security code is incorrect.");
    expect(cardErrorMessage({ code: 'processing_error', message: '  ' })).toBe(CARD_MESSAGES.fallback);
    expect(cardErrorMessage(null)).toBe('Payment processing failed. Please try again.');
  });
});
