/**
 * The success page's decisions: which payment the URL names, what a status means to the customer,
 * and where 'Make Another Payment' goes (the link's amount, DESIGN §4b).
 */
import { describe, expect, it } from 'vitest';
import {
  formatPaymentDate,
  isClearingDebit,
  detailsQuery,
  lookupFromSearch,
  mayStillChange,
  outcomeOf,
  payAgainHref,
} from '../../site/src/features/payment-success/success-logic.ts';

describe('success page: lookup from the URL', () => {
  it('uses reference (our payment id) before session_id, and accepts Stripe’s payment_intent', () => {
    expect(lookupFromSearch('?reference=abc&session_id=pi_1')).toEqual({
      by: 'reference',
      value: 'abc',
      proof: {},
    });
    expect(lookupFromSearch('?session_id=pi_1&invoice_no=INV-1')).toEqual({
      by: 'session_id',
      value: 'pi_1',
      proof: {},
    });
    expect(lookupFromSearch('?payment_intent=pi_2&redirect_status=succeeded')).toEqual({
      by: 'session_id',
      value: 'pi_2',
      proof: {},
    });
  });

  it('carries the payer’s proof to the server: the receipt token or the pay session (issue 49 item 7)', () => {
    const lookup = lookupFromSearch('?reference=abc&t=tok123&paySessionId=ps1')!;
    expect(lookup.proof).toEqual({ t: 'tok123', paySessionId: 'ps1' });
    expect(detailsQuery(lookup)).toBe('reference=abc&t=tok123&paySessionId=ps1');
  });

  it('is invalid without a session id or reference, even with an invoice number', () => {
    expect(lookupFromSearch('')).toBeNull();
    expect(lookupFromSearch('?invoice_no=INV-1')).toBeNull();
    expect(lookupFromSearch('?session_id=%20%20&reference=')).toBeNull();
  });
});

describe('success page: statuses', () => {
  it('shows a processing bank debit as submitted and clearing (not rechecked), a processing card as processing', () => {
    expect(isClearingDebit({ status: 'processing', method: 'au_becs_debit' })).toBe(true);
    expect(isClearingDebit({ status: 'succeeded', method: 'au_becs_debit' })).toBe(false);
    expect(isClearingDebit({ status: 'processing', method: 'card' })).toBe(false);
    expect(isClearingDebit({ status: 'processing' })).toBe(false);
  });

  it('shows succeeded (and later refunds of it) as paid, processing as processing, the rest as not completed', () => {
    expect(['succeeded', 'completed', 'partially_refunded', 'refunded'].map(outcomeOf)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
    ]);
    expect(outcomeOf('processing')).toBe('processing');
    expect(['pending', 'requires_action', 'failed', 'canceled', 'expired'].map(outcomeOf)).toEqual(
      Array(5).fill('not_completed'),
    );
  });

  it('rechecks only statuses the provider may still move', () => {
    expect(['pending', 'requires_action', 'processing'].every(mayStillChange)).toBe(true);
    expect(['succeeded', 'failed', 'canceled', 'expired', 'refunded'].some(mayStillChange)).toBe(false);
  });
});

describe('success page: Make Another Payment', () => {
  const merchant = '0b6f7c4e-59a3-4a4e-9d55-7c1f1d6f3a21';

  it('carries the invoice, the link amount in major units, the currency and merchant_id', () => {
    const href = payAgainHref({
      invoiceNo: 'INV-0042',
      link_amount: 125000,
      currency: 'aud',
      merchant_id: merchant,
    });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/pay');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      invoiceNo: 'INV-0042',
      amount: '1250.00',
      currency: 'AUD',
      merchant_id: merchant,
    });
  });

  it('writes zero-decimal amounts without decimals, and leaves the amount out when the customer typed it', () => {
    const jpy = new URL(
      payAgainHref({ invoiceNo: 'A&B 1', link_amount: 5000, currency: 'JPY', merchant_id: merchant }),
      'http://x',
    );
    expect(jpy.searchParams.get('amount')).toBe('5000');
    expect(jpy.searchParams.get('invoiceNo')).toBe('A&B 1');
    const typed = new URL(
      payAgainHref({ invoiceNo: 'INV-1', link_amount: null, currency: 'AUD', merchant_id: merchant }),
      'http://x',
    );
    expect(typed.searchParams.has('amount')).toBe(false);
  });

  it('formats the payment date in the en-US short form, and nothing for a bad date', () => {
    expect(formatPaymentDate('2025-03-04T05:06:00.000Z')).toMatch(/^3\/4\/25, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatPaymentDate('not a date')).toBe('');
    // An Australian merchant's customer reads day first, on the merchant's clock (issue 50 item 6).
    expect(
      formatPaymentDate('2026-12-07T13:30:00.000Z', { country: 'AU', timeZone: 'Australia/Sydney' }),
    ).toMatch(/^8\/12\/26, 12:30\s?am$/i);
  });
});
