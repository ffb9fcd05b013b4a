/** Test Xero URLs: the link each merchant gets, and the warnings for parameters that make odd links (issue 36 item 11). */
import { describe, expect, it } from 'vitest';
import { testPayUrl, testUrlProblems } from '../../admin/src/tools/test-urls.ts';

describe('Test Xero URLs', () => {
  it('builds the spec link, leaving an empty amount out instead of sending amount=', () => {
    expect(testPayUrl('https://pay.test', 'm1', 'INV-1', 'AUD', '100.00')).toBe(
      'https://pay.test/pay/m1?invoiceno=INV-1&currency=AUD&amount=100.00',
    );
    expect(testPayUrl('https://pay.test', 'm1', 'INV-1', 'NZD', '')).toBe(
      'https://pay.test/pay/m1?invoiceno=INV-1&currency=NZD',
    );
  });

  it('refuses to build without an invoice number or with a malformed amount; warns on no amount and on 0', () => {
    expect(testUrlProblems('INV-1', '100.00')).toEqual({ blocking: false });
    expect(testUrlProblems('  ', '100.00')).toEqual({
      invoice: 'console.test_urls.invoice_required',
      blocking: true,
    });
    expect(testUrlProblems('INV-1', '')).toEqual({
      amount: 'console.test_urls.amount_empty',
      blocking: false,
    });
    expect(testUrlProblems('INV-1', '0.00')).toEqual({
      amount: 'console.test_urls.amount_zero',
      blocking: false,
    });
    for (const bad of ['1.2.3', '.'])
      expect(testUrlProblems('INV-1', bad)).toEqual({
        amount: 'console.test_urls.amount_invalid',
        blocking: true,
      });
    expect(testUrlProblems('INV-1', '5.')).toEqual({ blocking: false });
  });
});
