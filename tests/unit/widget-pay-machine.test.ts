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

describe('pay machine: after a decline', () => {
  it('asks for no new quote until the payment details change (the same card would be tokenised again)', () => {
    const entered = payReducer(initialPayState({ amountText: '100.00', needsAmount: false }), {
      type: 'DETAILS_CHANGED',
      complete: true,
    });
    const declined = payReducer(payReducer(entered, { type: 'PAY_STARTED' }), {
      type: 'PAY_FAILED',
      problem: { at: 'card', message: 'Your card was declined.', code: 'generic_decline' },
      detailsUsed: true,
    });
    // The automatic quote runs only for complete details (usePayActions): none now.
    expect(declined).toMatchObject({ phase: 'entering', quote: null, detailsComplete: false });
    expect(declined.revision).toBeGreaterThan(entered.revision);
    // The customer edits the card: complete again, quoted again.
    expect(payReducer(declined, { type: 'DETAILS_CHANGED', complete: true }).detailsComplete).toBe(true);
  });
});

describe('pay machine: told to wait (issue 36 item 6)', () => {
  const TOLD =
    'Too many declined payment attempts. For your security, please wait 15 minutes before trying again.';
  const until = '2026-11-28T10:00:00.000Z';

  it('a quote refused with a wait: one reason beside the countdown, and no quote while waiting', () => {
    const entered = payReducer(initialPayState({ amountText: '100.00', needsAmount: false }), {
      type: 'DETAILS_CHANGED',
      complete: true,
    });
    const quoting = payReducer(entered, { type: 'QUOTE_STARTED', revision: entered.revision });
    const waiting = payReducer(quoting, {
      type: 'QUOTE_FAILED',
      revision: entered.revision,
      problem: { at: 'form', message: TOLD, code: 'rate_limited' },
      retryAt: until,
    });
    expect(waiting).toMatchObject({
      phase: 'waiting',
      retryAt: until,
      waitReason: 'Too many declined payment attempts.',
      quoteProblem: null,
      problems: {},
    });
    // Editing the card keeps waiting (the automatic quote runs only while entering).
    const edited = payReducer(waiting, { type: 'DETAILS_CHANGED', complete: true });
    expect(edited.phase).toBe('waiting');
    expect(payReducer(edited, { type: 'PAY_STARTED' }).phase).toBe('waiting');
    const over = payReducer(edited, { type: 'WAIT_OVER' });
    expect(over).toMatchObject({ phase: 'entering', retryAt: null, waitReason: null });
  });

  it('a payment refused with a wait is said once, by the countdown, not also under the form', () => {
    const failed = payReducer(paying(), {
      type: 'PAY_FAILED',
      problem: { at: 'form', message: TOLD, code: 'rate_limited' },
      detailsUsed: true,
      retryAt: until,
    });
    expect(failed).toMatchObject({
      phase: 'waiting',
      problems: {},
      waitReason: 'Too many declined payment attempts.',
    });
  });
});

describe('pay machine: PayTo, waiting for the bank (issue 34)', () => {
  const waiting = {
    paymentId: 'p1',
    transactionId: 'pi_1',
    status: 'requires_action',
    invoice: 'INV-1',
    currency: 'aud',
    amount: 100_00,
    surcharge: 0,
    total: 100_00,
    remaining: 0,
    failure: null,
    method: 'payto',
    approvalExpiresAt: '2026-11-29T10:10:00.000Z',
    clearsBy: null,
    receiptUrl: null,
  };

  it('approving holds the payment as it stands, is busy (nothing else is asked), and ends paid or failed', () => {
    const approving = payReducer(paying(), { type: 'APPROVAL_REQUIRED', payment: waiting });
    expect(approving).toMatchObject({ phase: 'approving', approval: waiting });
    // The amount and the details cannot change under a payment the bank is asked to approve.
    expect(payReducer(approving, { type: 'AMOUNT_TYPED', text: '5.00' })).toBe(approving);
    const approved = payReducer(approving, {
      type: 'APPROVAL_CHANGED',
      payment: { ...waiting, status: 'processing' },
    });
    expect(approved.approval?.status).toBe('processing');
    expect(payReducer(approved, { type: 'PAID', clearing: false })).toMatchObject({
      phase: 'paid',
      approval: null,
    });
    const declined = payReducer(approving, {
      type: 'PAY_FAILED',
      problem: { at: 'card', message: 'declined', code: 'payment_method_provider_decline' },
      detailsUsed: true,
    });
    expect(declined).toMatchObject({ phase: 'entering', approval: null, problems: { card: 'declined' } });
  });

  it('an approval is only waited on by a payment under way', () => {
    const idle = initialPayState({ amountText: '100.00', needsAmount: false });
    expect(payReducer(idle, { type: 'APPROVAL_REQUIRED', payment: waiting })).toBe(idle);
    expect(payReducer(idle, { type: 'APPROVAL_CHANGED', payment: waiting })).toBe(idle);
  });
});

describe('pay machine: no answer yet (issue 48: a server went away mid-payment)', () => {
  it('checks while busy — nothing can be changed or paid again — and ends as a payment does', () => {
    const checking = payReducer(paying(), { type: 'CHECKING' });
    expect(checking.phase).toBe('checking');
    // Busy: a typed amount or a second Pay changes nothing.
    expect(payReducer(checking, { type: 'AMOUNT_TYPED', text: '5.00' })).toBe(checking);
    expect(payReducer(checking, { type: 'PAY_STARTED' })).toBe(checking);
    expect(payReducer(checking, { type: 'PAID', clearing: false }).phase).toBe('paid');
    expect(payReducer(checking, { type: 'ACTION_REQUIRED' }).phase).toBe('authenticating');
    expect(
      payReducer(checking, {
        type: 'PAY_FAILED',
        problem: { at: 'form', message: 'not confirmed', code: 'unconfirmed' },
        detailsUsed: true,
      }).phase,
    ).toBe('entering');
  });
});
