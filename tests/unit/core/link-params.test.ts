import { describe, it, expect } from 'vitest';
import {
  LINK_TRIGGER_PARAMS,
  buildAccountingPaymentUrl,
  hasPayLinkParams,
  parsePayLink,
  shortcodeFromId,
} from '../../../core/link-params.ts';

const q = (query: string) => new URLSearchParams(query);
const MERCHANT_UUID = '3f2b8c1e-7d4a-4e9b-a1c2-5d6e7f8a9b0c'; // 36 chars

describe('parsePayLink aliases', () => {
  it.each(['invoiceno', 'invoicenumber', 'invoiceNo', 'INVOICENUMBER', 'invoice_no', 'invoice'])(
    'reads the invoice from %s',
    (name) => {
      expect(parsePayLink(q(`${name}=INV-1`)).invoiceNumber).toBe('INV-1');
    },
  );

  it.each(['amount', 'amountdue', 'AMOUNTDUE'])('reads the amount from %s', (name) => {
    expect(parsePayLink(q(`${name}=12.50`)).amountRaw).toBe('12.50');
  });

  it.each(['currency', 'CURRENCY'])('reads the currency from %s', (name) => {
    expect(parsePayLink(q(`${name}=nzd`))).toMatchObject({ currency: 'NZD', currencyValid: true });
  });

  it.each(['merchantId', 'merchant_id', 'merchant'])('reads the merchant from %s', (name) => {
    expect(parsePayLink(q(`${name}=m1`)).merchantId).toBe('m1');
  });

  it.each(['shortCode', 'shortcode', 'SHORTCODE'])('reads the shortcode from %s', (name) => {
    expect(parsePayLink(q(`${name}=abcd1234`)).shortcode).toBe('abcd1234');
  });

  it('is case-sensitive', () => {
    const r = parsePayLink(q('InvoiceNumber=X&Amount=1&Currency=NZD&MerchantId=m&ShortCode=s'));
    expect(r).toEqual({
      merchantId: null,
      shortcode: null,
      invoiceNumber: null,
      amountRaw: null,
      currency: 'AUD',
      currencyValid: true,
    });
  });
});

describe('parsePayLink precedence', () => {
  it('takes the first alias in order', () => {
    expect(parsePayLink(q('invoice=C&INVOICENUMBER=B&invoiceno=A')).invoiceNumber).toBe('A');
    expect(parsePayLink(q('invoice_no=B&invoiceNo=A')).invoiceNumber).toBe('A');
    expect(parsePayLink(q('AMOUNTDUE=3&amountdue=2&amount=1')).amountRaw).toBe('1');
    expect(parsePayLink(q('CURRENCY=NZD&currency=USD')).currency).toBe('USD');
    expect(parsePayLink(q('merchant=c&merchant_id=b&merchantId=a')).merchantId).toBe('a');
    expect(parsePayLink(q('SHORTCODE=c&shortcode=b&shortCode=a')).shortcode).toBe('a');
  });

  it('skips blank values and trims', () => {
    expect(parsePayLink(q('invoiceno=%20%20&INVOICENUMBER=%20INV-9%20')).invoiceNumber).toBe('INV-9');
    expect(parsePayLink(q('amount=&AMOUNTDUE=5')).amountRaw).toBe('5');
    expect(parsePayLink(q('amount=%20'))).toMatchObject({ amountRaw: null });
  });

  it('limits invoice numbers to 100 characters', () => {
    expect(parsePayLink(q(`invoice=${'x'.repeat(150)}`)).invoiceNumber).toBe('x'.repeat(100));
    const emoji = '💳'.repeat(120);
    expect(Array.from(parsePayLink(q(`invoice=${encodeURIComponent(emoji)}`)).invoiceNumber!)).toHaveLength(
      100,
    );
  });
});

describe('parsePayLink path segment', () => {
  it('treats a segment longer than 30 characters as a merchant id', () => {
    const r = parsePayLink(q('SHORTCODE=abcd1234&merchantId=other'), MERCHANT_UUID);
    expect(r.merchantId).toBe(MERCHANT_UUID);
    expect(r.shortcode).toBe('abcd1234');
    expect(parsePayLink(q(''), 'a'.repeat(31)).merchantId).toBe('a'.repeat(31));
  });

  it('treats a segment of 30 or fewer characters as a shortcode', () => {
    expect(parsePayLink(q(''), 'abcd1234')).toMatchObject({ shortcode: 'abcd1234', merchantId: null });
    expect(parsePayLink(q(''), 'a'.repeat(30))).toMatchObject({
      shortcode: 'a'.repeat(30),
      merchantId: null,
    });
    expect(parsePayLink(q('SHORTCODE=zzz'), 'abcd1234').shortcode).toBe('abcd1234');
  });

  it('keeps a short segment as the shortcode even when a merchant param exists', () => {
    expect(parsePayLink(q('merchant=m-query&shortcode=zzzz9999'), 'abcd1234')).toMatchObject({
      merchantId: 'm-query',
      shortcode: 'abcd1234',
    });
  });

  it('treats unfilled accounting placeholders as missing values', () => {
    const link = parsePayLink(
      q('INVOICENUMBER=[INVOICENUMBER]&AMOUNTDUE=[AMOUNTDUE]&CURRENCY=[CURRENCY]&SHORTCODE=abcd1234'),
    );
    expect(link).toMatchObject({
      invoiceNumber: null,
      amountRaw: null,
      currency: 'AUD',
      currencyValid: true,
      shortcode: 'abcd1234',
    });
  });

  it('ignores blank segments', () => {
    expect(parsePayLink(q('merchantId=m1'), '  ')).toMatchObject({ merchantId: 'm1', shortcode: null });
    expect(parsePayLink(q('merchantId=m1'), null).merchantId).toBe('m1');
  });
});

describe('parsePayLink currency', () => {
  it('defaults to AUD when absent or blank', () => {
    expect(parsePayLink(q(''))).toMatchObject({ currency: 'AUD', currencyValid: true });
    expect(parsePayLink(q('CURRENCY=%20'))).toMatchObject({ currency: 'AUD', currencyValid: true });
  });

  it('flags unsupported currencies and falls back to AUD', () => {
    expect(parsePayLink(q('CURRENCY=XYZ'))).toMatchObject({ currency: 'AUD', currencyValid: false });
    expect(parsePayLink(q('CURRENCY=[CURRENCY]'))).toMatchObject({ currency: 'AUD', currencyValid: true });
  });
});

describe('Xero-style link', () => {
  it('parses the template once filled in', () => {
    const r = parsePayLink(
      q('INVOICENUMBER=INV-0042&AMOUNTDUE=1,250.00&CURRENCY=AUD&SHORTCODE=abcd1234'),
      MERCHANT_UUID,
    );
    expect(r).toEqual({
      merchantId: MERCHANT_UUID,
      shortcode: 'abcd1234',
      invoiceNumber: 'INV-0042',
      amountRaw: '1,250.00',
      currency: 'AUD',
      currencyValid: true,
    });
  });
});

describe('hasPayLinkParams', () => {
  it('is true when any trigger param is present', () => {
    expect(LINK_TRIGGER_PARAMS).toEqual([
      'INVOICENUMBER',
      'AMOUNTDUE',
      'SHORTCODE',
      'shortcode',
      'merchantId',
      'merchant',
    ]);
    for (const name of LINK_TRIGGER_PARAMS) expect(hasPayLinkParams(q(`${name}=x`))).toBe(true);
    expect(hasPayLinkParams(q('SHORTCODE='))).toBe(true);
  });

  it('is false otherwise', () => {
    expect(hasPayLinkParams(q(''))).toBe(false);
    expect(hasPayLinkParams(q('utm_source=xero&invoice=1&amount=2'))).toBe(false);
  });
});

describe('accounting link template', () => {
  it('builds the exact template', () => {
    const expected = `https://pay.example.com/pay/${MERCHANT_UUID}?INVOICENUMBER=[INVOICENUMBER]&AMOUNTDUE=[AMOUNTDUE]&CURRENCY=[CURRENCY]&SHORTCODE=abcd1234`;
    expect(buildAccountingPaymentUrl('https://pay.example.com/', MERCHANT_UUID, 'abcd1234')).toBe(expected);
    expect(buildAccountingPaymentUrl('https://pay.example.com', MERCHANT_UUID, 'abcd1234')).toBe(expected);
  });

  it('round-trips through parsePayLink', () => {
    const url = new URL(
      buildAccountingPaymentUrl('https://pay.example.com', MERCHANT_UUID, shortcodeFromId(MERCHANT_UUID)),
    );
    const r = parsePayLink(url.searchParams, url.pathname.split('/')[2]);
    expect(r).toMatchObject({
      merchantId: MERCHANT_UUID,
      shortcode: '3f2b8c1e',
      invoiceNumber: null,
      amountRaw: null,
    });
  });

  it('derives shortcodes from ids', () => {
    expect(shortcodeFromId(MERCHANT_UUID)).toBe('3f2b8c1e');
    expect(shortcodeFromId('abc')).toBe('abc');
  });
});
