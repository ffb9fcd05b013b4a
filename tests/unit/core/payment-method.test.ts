import { describe, expect, it } from 'vitest';
import { describePaymentMethod } from '../../../core/payment-method.ts';

describe('describePaymentMethod', () => {
  it('names a card by brand and funding, and its wallet', () => {
    expect(describePaymentMethod({ type: 'card', brand: 'visa', funding: 'credit', wallet: null })).toBe(
      'Visa credit',
    );
    expect(
      describePaymentMethod({ type: 'card', brand: 'mastercard', funding: 'debit', wallet: 'apple_pay' }),
    ).toBe('Mastercard debit · Apple Pay');
    expect(describePaymentMethod({ type: 'card', brand: 'amex', funding: 'unknown' })).toBe(
      'American Express',
    );
    expect(describePaymentMethod({ type: 'card', brand: 'eftpos_au', funding: 'debit' })).toBe(
      'eftpos debit',
    );
    expect(describePaymentMethod({ type: 'card', brand: null })).toBe('Card');
    expect(describePaymentMethod({ type: 'au_becs_debit' })).toBe('Bank account (BECS Direct Debit)');
  });
});
