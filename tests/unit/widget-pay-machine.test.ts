/**
 * The pay step's state machine (widget/src/flow/pay/pay-machine.ts) ends a payment in `paid`, or —
 * for a bank debit the provider reports `processing` (issue 17) — in `submitted`: the money arrives
 * days later, so the widget shows the submitted view and does not call the invoice paid.
 */
import { describe, expect, it } from 'vitest';
import { initialPayState, payReducer, type PayState } from '../../widget/src/flow/pay/pay-machine.ts';

function paying(): PayState {
  const s = initialPayState({ amountText: '100.00', needsAmount: false });
  return payReducer(s, { type: 'PAY_STARTED' });
}

describe('pay machine: the end of a payment', () => {
  it('a succeeded payment is paid', () => {
    expect(paying().phase).toBe('paying');
    expect(payReducer(paying(), { type: 'PAID', clearing: false }).phase).toBe('paid');
  });

  it('a bank debit still clearing is submitted, not paid', () => {
    expect(payReducer(paying(), { type: 'PAID', clearing: true }).phase).toBe('submitted');
  });
});
