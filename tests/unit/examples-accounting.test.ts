/**
 * The Xero and QuickBooks examples' link formats agree with the code: the Xero README's template is
 * the one the server builds (core/link-params buildAccountingPaymentUrl), and URLs as Xero fills
 * them (or as the QuickBooks README writes them) are read back by the pay page's parser.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAccountingPaymentUrl, parsePayLink, shortcodeFromId } from '../../core/link-params.ts';

const xero = readFileSync('examples/xero/README.md', 'utf8');
const quickbooks = readFileSync('examples/quickbooks/README.md', 'utf8');

/** The first line of a fenced text block that starts with the given prefix. */
const line = (doc: string, prefix: string) => doc.split('\n').find((l) => l.startsWith(prefix))!;

describe('accounting examples', () => {
  const merchantId = '8c1f2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

  it('the Xero README shows the template the server builds, and its example matches it', () => {
    const template = line(xero, '{PUBLIC_BASE_URL}/pay/');
    expect(template).toBe(
      '{PUBLIC_BASE_URL}/pay/{merchantId}?INVOICENUMBER=[INVOICENUMBER]&AMOUNTDUE=[AMOUNTDUE]&CURRENCY=[CURRENCY]&SHORTCODE={shortcode}',
    );
    const example = line(xero, 'https://pay.example.com/pay/');
    expect(example).toBe(
      buildAccountingPaymentUrl('https://pay.example.com/', merchantId, shortcodeFromId(merchantId)),
    );
    expect(
      template
        .replace('{PUBLIC_BASE_URL}', 'https://pay.example.com')
        .replace('{merchantId}', merchantId)
        .replace('{shortcode}', '8c1f2d4e'),
    ).toBe(example);
  });

  it('a URL as Xero fills it is read back as that invoice, amount, currency and merchant', () => {
    const example = line(xero, 'https://pay.example.com/pay/');
    const filled = new URL(
      example
        .replace('[INVOICENUMBER]', 'INV-0042')
        .replace('[AMOUNTDUE]', '1,250.00')
        .replace('[CURRENCY]', 'NZD'),
    );
    const segment = filled.pathname.split('/')[2];
    expect(parsePayLink(filled.searchParams, segment)).toEqual({
      merchantId,
      shortcode: '8c1f2d4e',
      invoiceNumber: 'INV-0042',
      amountRaw: '1,250.00',
      currency: 'NZD',
      currencyValid: true,
    });
  });

  it("the QuickBooks README's link is read back too", () => {
    const link = new URL(/`(https:\/\/pay\.example\.com\/pay\/[^`]+)`/.exec(quickbooks)![1]);
    expect(parsePayLink(link.searchParams, link.pathname.split('/')[2])).toMatchObject({
      merchantId,
      invoiceNumber: '1042',
      amountRaw: '1250.00',
      currency: 'AUD',
    });
  });
});
