import { describe, expect, it } from 'vitest';
import {
  availableBalance,
  checkPaymentAmount,
  committedOf,
  credibleLimitOf,
  EMPTY_LEDGER,
  invoiceTerms,
  linkBalance,
  overpaidAmount,
  paymentAmountError,
  paymentWrittenBackNet,
  refundCounters,
  refundWritebackAmount,
  refundSurcharge,
  type LedgerCounters,
  type ObservationTerm,
  withCredibleObservation,
} from '../../../../api/invoices/ledger.ts';

const obs = (o: Partial<ObservationTerm> & { amount: number }): ObservationTerm => ({
  id: `o${o.amount}`,
  writtenBack: 0,
  credible: false,
  dismissed: false,
  observedAt: '2026-01-01T00:00:00.000Z',
  ...o,
});

const ledger = (l: Partial<LedgerCounters>): LedgerCounters => ({ ...EMPTY_LEDGER, ...l });

describe('the balance through a link', () => {
  it('counts what is paid, reserved and written off as no longer owed', () => {
    expect(committedOf(ledger({ paid: 100, reserved: 20, writtenOff: 3, writtenBack: 50 }))).toBe(123);
  });

  it('is the link amount less what was committed since the link was written', () => {
    const l = ledger({ paid: 25000, credibleLimit: 100000 });
    expect(availableBalance(l, { amount: 100000, writtenBack: 0 })).toBe(75000);
    // A link written after 20000 reached the tool already counts that payment.
    expect(availableBalance(ledger({ paid: 25000 }), { amount: 80000, writtenBack: 20000 })).toBe(75000);
    // A reservation holds its part until it succeeds or is released.
    expect(availableBalance(ledger({ reserved: 30000 }), { amount: 100000, writtenBack: 0 })).toBe(70000);
  });

  it('is unbounded (null) for a link without an amount until a payment made an observation credible', () => {
    expect(availableBalance(EMPTY_LEDGER, { amount: null, writtenBack: 0 })).toBeNull();
    expect(linkBalance(EMPTY_LEDGER, { amount: null, writtenBack: 0 })).toBeNull();
    const l = ledger({ paid: 40000, credibleLimit: 100000 });
    expect(availableBalance(l, { amount: null, writtenBack: 0 })).toBe(60000);
  });

  it('never goes below 0, however much more was committed', () => {
    const l = ledger({ paid: 120000 });
    expect(availableBalance(l, { amount: 100000, writtenBack: 0 })).toBe(0);
    expect(linkBalance(l, { amount: 100000, writtenBack: 0 })).toBe(0);
  });
});

describe('credible observations', () => {
  it('adds an observation to the limit as A + S, keeping the lower', () => {
    expect(withCredibleObservation(null, { amount: 80000, writtenBack: 20000 })).toBe(100000);
    expect(withCredibleObservation(100000, { amount: 50000, writtenBack: 0 })).toBe(50000);
    expect(withCredibleObservation(50000, { amount: 90000, writtenBack: 0 })).toBe(50000);
  });

  it('caps at min over credible, undismissed observations of A + S', () => {
    const list = [
      obs({ amount: 100000, credible: true }),
      obs({ amount: 75000, writtenBack: 25000, credible: true }),
      obs({ amount: 50, credible: true, dismissed: true }),
      obs({ amount: 1 }),
    ];
    expect(credibleLimitOf(list)).toBe(100000);
    expect(credibleLimitOf([list[2], list[3]])).toBeNull();
  });

  it('case 13: a paid low link caps everyone at 0 until it is dismissed', () => {
    const typed = obs({ id: 'typed', amount: 50, credible: true });
    const l = ledger({ paid: 50, credibleLimit: credibleLimitOf([typed]) });
    const link = { amount: 100000, writtenBack: 0 };
    expect(availableBalance(l, link)).toBe(0);
    expect(linkBalance(l, link)).toBe(99950);
    const dismissed = ledger({ paid: 50, credibleLimit: credibleLimitOf([{ ...typed, dismissed: true }]) });
    expect(availableBalance(dismissed, link)).toBe(99950);
  });
});

describe('write-offs and refund kinds', () => {
  it('a write-off lowers what is due like a payment', () => {
    // Case 12: paid 1000, 0.30 refunded as re-open, then 0.30 written off.
    const r = refundCounters('reopen', 30);
    const reopened = ledger({ paid: 100000 + r.paid, writtenOff: r.writtenOff, credibleLimit: 100000 });
    expect(availableBalance(reopened, { amount: 100000, writtenBack: 0 })).toBe(30);
    const writtenOff = { ...reopened, writtenOff: reopened.writtenOff + 30 };
    expect(availableBalance(writtenOff, { amount: 100000, writtenBack: 0 })).toBe(0);
  });

  it('a credit refund leaves the balance where it was (case 16); a re-open raises it (case 8)', () => {
    const paid = { paid: 30000, writtenBack: 30000, credibleLimit: 100000 };
    const credit = ledger({ ...paid, ...add(refundCounters('credit', 10000)) });
    const reopen = ledger({ ...paid, ...add(refundCounters('reopen', 10000)) });
    const fresh = { amount: 70000, writtenBack: 30000 };
    expect(availableBalance(credit, fresh)).toBe(70000);
    expect(availableBalance(reopen, fresh)).toBe(80000);
    expect(refundWritebackAmount('credit', 10000)).toBe(0);
    expect(refundWritebackAmount('reopen', 10000)).toBe(-10000);
  });

  function add(delta: { paid: number; writtenOff: number }) {
    return { paid: 30000 + delta.paid, writtenOff: delta.writtenOff };
  }
});

describe('write-backs in any order', () => {
  it('counts a refund only once its payment is written back', () => {
    expect(paymentWrittenBackNet([{ isRefund: true, amount: -10000 }])).toBe(0);
    expect(
      paymentWrittenBackNet([
        { isRefund: true, amount: -10000 },
        { isRefund: false, amount: 30000 },
      ]),
    ).toBe(20000);
    // Case 8 with the refund marked recorded first: S stays 0 until the payment is recorded, so a
    // fresh link for the untouched 1000 in the accounting tool gives 800, not 700.
    const l = ledger({ paid: 20000, credibleLimit: 100000, writtenBack: 0 });
    expect(availableBalance(l, { amount: 100000, writtenBack: 0 })).toBe(80000);
  });
});

describe('overpaid and attention', () => {
  it('is overpaid by what was paid beyond the credible limit', () => {
    expect(overpaidAmount(ledger({ paid: 100500, credibleLimit: 100000 }))).toBe(500);
    expect(overpaidAmount(ledger({ paid: 100500, credibleLimit: null }))).toBe(0);
  });

  it('names the term that caps the balance and why it needs attention', () => {
    const typed = obs({ id: 'typed', amount: 50, credible: true, observedAt: '2026-01-01' });
    const opened = obs({ id: 'opened', amount: 100000, observedAt: '2026-01-02' });
    const l = ledger({ paid: 50, credibleLimit: 50 });
    const terms = invoiceTerms(l, [typed, opened], 'AUD');
    expect(terms).toMatchObject({
      balance: 0,
      latestLinkBalance: 99950,
      capping: { kind: 'credible_observation', observationId: 'typed' },
      attention: 'capped',
    });
    const after = invoiceTerms(
      ledger({ paid: 50, credibleLimit: null }),
      [{ ...typed, dismissed: true }, opened],
      'AUD',
    );
    expect(after).toMatchObject({ balance: 99950, attention: null, capping: { kind: 'latest_link' } });
  });

  it('has no balance and nothing capping it before any link carried an amount', () => {
    expect(invoiceTerms(EMPTY_LEDGER, [], 'AUD')).toEqual({
      committed: 0,
      balance: null,
      latestLinkBalance: null,
      capping: null,
      overpaidAmount: 0,
      attention: null,
      belowMinimum: false,
    });
  });

  it('shows the link balance of an invoice with only a failed attempt', () => {
    const t = invoiceTerms(EMPTY_LEDGER, [obs({ amount: 100000 })], 'AUD');
    expect(t.balance).toBe(100000);
    expect(t.attention).toBeNull();
  });

  it('flags a balance below the card minimum, in that currency', () => {
    const l = ledger({ paid: 99970, credibleLimit: 100000 });
    const t = invoiceTerms(l, [obs({ amount: 100000, credible: true })], 'AUD');
    expect(t).toMatchObject({ balance: 30, belowMinimum: true, attention: 'below_minimum' });
    const hkd = invoiceTerms(
      ledger({ paid: 99700, credibleLimit: 100000 }),
      [obs({ amount: 100000, credible: true })],
      'HKD',
    );
    expect(hkd).toMatchObject({ balance: 300, attention: 'below_minimum' });
  });
});

describe('checkPaymentAmount', () => {
  it('refuses a remainder below the minimum with both choices named (case 11)', () => {
    const check = checkPaymentAmount(99970, 100000, 'AUD');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    const err = paymentAmountError(check, 'AUD');
    expect(err.status).toBe(422);
    expect(err.message).toBe(
      'This would leave A$0.30, less than the smallest card payment. Pay A$1,000.00, or leave at least A$0.50.',
    );
  });

  it('names the merchant when the balance cannot be paid by card', () => {
    const check = checkPaymentAmount(30, 30, 'AUD');
    if (check.ok) throw new Error('expected a refusal');
    expect(paymentAmountError(check, 'AUD', 'Acme Timber').message).toBe(
      "The remaining A$0.30 is below the smallest card payment (A$0.50) and can't be paid by card. Please contact Acme Timber.",
    );
  });

  it('answers 422, not 502, above the maximum charge', () => {
    const check = checkPaymentAmount(99_000_000, null, 'AUD', 101_920_500);
    if (check.ok) throw new Error('expected a refusal');
    expect(paymentAmountError(check, 'AUD').status).toBe(422);
  });
});

describe('refundSurcharge', () => {
  const paid = (amount: number, surcharge: number, bps: number) => ({
    amount,
    surcharge,
    surcharge_bps: bps,
    refunded_amount: 0,
    refunded_surcharge: 0,
  });

  it('gives back the surcharge on the part, half-up as it was charged (A$10.00 of A$30.00 at 2.95 % is A$0.30)', () => {
    expect(refundSurcharge(paid(3000, 89, 295), 1000)).toBe(30);
  });

  it('adds up exactly across partial refunds, the last one settling the rest', () => {
    let payment = paid(10001, 295, 295);
    let returned = 0;
    for (const part of [3333, 3333, 3335]) {
      const now = refundSurcharge(payment, part);
      returned += now;
      payment = {
        ...payment,
        refunded_amount: payment.refunded_amount + part,
        refunded_surcharge: payment.refunded_surcharge + now,
      };
    }
    expect([returned, payment.refunded_amount]).toEqual([295, 10001]);
  });

  it('never gives back more than is left of the surcharge', () => {
    const mostlyBack = { ...paid(100000, 2950, 295), refunded_amount: 50000, refunded_surcharge: 2900 };
    expect(refundSurcharge(mostlyBack, 10000)).toBe(50);
    expect(refundSurcharge(paid(100000, 2950, 295), 16)).toBe(0);
    expect(refundSurcharge(paid(100000, 2950, 295), 17)).toBe(1);
  });

  it('gives back the share of a capped surcharge actually charged, not the uncapped rate (issue 49 item 12)', () => {
    // 600.00 by PayTo at 1 % capped at A$3.50: 3.50 charged. 100.00 back returns 0.58 (not 1.00), 200.00 1.17.
    const capped = paid(60000, 350, 100);
    expect(refundSurcharge(capped, 10000)).toBe(58);
    expect(refundSurcharge(capped, 20000)).toBe(117);
    let payment = capped;
    let returned = 0;
    for (const part of [10000, 20000, 30000]) {
      const now = refundSurcharge(payment, part);
      returned += now;
      payment = {
        ...payment,
        refunded_amount: payment.refunded_amount + part,
        refunded_surcharge: payment.refunded_surcharge + now,
      };
    }
    expect(returned).toBe(350); // the last refund returns the rest
  });
});

describe('a link whose amount is 0 or negative', () => {
  it('says nothing is due, even after a re-open refund that is not written back yet', () => {
    // 300 paid and written back, then 100 refunded as re-open (P = 200, S = 300): A = 0 shows 0, not 100.
    const ledger = { paid: 20000, reserved: 0, writtenBack: 30000, writtenOff: 0, credibleLimit: null };
    expect(availableBalance(ledger, { amount: 0, writtenBack: 30000 })).toBe(0);
    expect(linkBalance(ledger, { amount: -500, writtenBack: 30000 })).toBe(0);
    // The same history through a link with an amount does show the re-opened part.
    expect(availableBalance(ledger, { amount: 70000, writtenBack: 30000 })).toBe(80000);
  });
});
