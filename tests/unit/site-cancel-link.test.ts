/** The cancelled page's Try Again link: back to the same merchant's pay page, never to one without a merchant. */
import { describe, expect, it } from 'vitest';
import { tryAgainHref } from '../../site/src/features/results/cancel-link.ts';

const M = '5b1f9bde-5ea1-4e55-9a57-3a5a8e0f11aa';
const origin = 'https://pay.example.com';

describe('tryAgainHref', () => {
  it('goes to the pay page of the merchant and invoice the cancel URL names, with amount and currency', () => {
    expect(tryAgainHref(`?invoice_no=INV-1&merchant_id=${M}&amount=250.00&currency=aud`)).toBe(
      `/pay/${M}?invoiceNo=INV-1&amount=250.00&currency=AUD`,
    );
    expect(tryAgainHref(`?invoiceNo=INV-1&merchantId=${M}`)).toBe(`/pay/${M}?invoiceNo=INV-1`);
    expect(tryAgainHref('?INVOICENUMBER=INV%202&SHORTCODE=5b1f9bde&AMOUNTDUE=1,250.00')).toBe(
      '/pay?invoiceNo=INV+2&amount=1%2C250.00&shortcode=5b1f9bde',
    );
  });

  it('offers nothing when no merchant is named, unless the customer came from one of our pay pages', () => {
    expect(tryAgainHref('?invoice_no=INV-7')).toBeNull();
    expect(tryAgainHref(`?merchant_id=${M}`)).toBeNull();
    expect(tryAgainHref('?invoice_no=INV-7', `${origin}/pay/${M}?invoiceNo=INV-7&amount=5`, origin)).toBe(
      `/pay/${M}?invoiceNo=INV-7&amount=5`,
    );
    // Another site's page, our pay page without a merchant, or a page that is not a pay page: nothing.
    expect(tryAgainHref('?invoice_no=INV-7', `https://evil.example/pay/${M}`, origin)).toBeNull();
    expect(tryAgainHref('?invoice_no=INV-7', `${origin}/pay?invoiceNo=INV-7`, origin)).toBeNull();
    expect(tryAgainHref('?invoice_no=INV-7', `${origin}/blog`, origin)).toBeNull();
  });
});
