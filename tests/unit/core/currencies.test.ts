import { describe, it, expect } from 'vitest';
import {
  DEFAULT_CURRENCY,
  SUPPORTED_CURRENCIES,
  ZERO_DECIMAL_CURRENCIES,
  isZeroDecimal,
  minorUnitExponent,
  normalizeCurrency,
} from '../../../core/currencies.ts';

describe('currency lists', () => {
  it('has exactly the spec zero-decimal list', () => {
    expect([...ZERO_DECIMAL_CURRENCIES].sort()).toEqual(
      [
        'BIF',
        'CLP',
        'DJF',
        'GNF',
        'JPY',
        'KMF',
        'KRW',
        'MGA',
        'PYG',
        'RWF',
        'UGX',
        'VND',
        'VUV',
        'XAF',
        'XOF',
        'XPF',
      ].sort(),
    );
  });

  it('supports the required codes and every zero-decimal code, without duplicates', () => {
    const required = [
      'AUD',
      'USD',
      'NZD',
      'GBP',
      'EUR',
      'CAD',
      'SGD',
      'HKD',
      'JPY',
      'CHF',
      'SEK',
      'NOK',
      'DKK',
      'ZAR',
      'INR',
      'MXN',
      'BRL',
      'PLN',
      'CZK',
    ];
    for (const code of [...required, ...ZERO_DECIMAL_CURRENCIES]) {
      expect(SUPPORTED_CURRENCIES).toContain(code);
    }
    expect(new Set(SUPPORTED_CURRENCIES).size).toBe(SUPPORTED_CURRENCIES.length);
    for (const code of SUPPORTED_CURRENCIES) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('defaults to AUD', () => {
    expect(DEFAULT_CURRENCY).toBe('AUD');
    expect(SUPPORTED_CURRENCIES).toContain(DEFAULT_CURRENCY);
  });
});

describe('normalizeCurrency', () => {
  it('trims and upper-cases supported codes', () => {
    expect(normalizeCurrency(' aud ')).toBe('AUD');
    expect(normalizeCurrency('jpy')).toBe('JPY');
    expect(normalizeCurrency('NZD')).toBe('NZD');
  });

  it('returns null for unsupported or missing input', () => {
    expect(normalizeCurrency('XYZ')).toBeNull();
    expect(normalizeCurrency('KWD')).toBeNull();
    expect(normalizeCurrency('')).toBeNull();
    expect(normalizeCurrency('   ')).toBeNull();
    expect(normalizeCurrency(null)).toBeNull();
    expect(normalizeCurrency(undefined)).toBeNull();
    expect(normalizeCurrency('A U D')).toBeNull();
  });
});

describe('minor units', () => {
  it('knows zero-decimal currencies', () => {
    expect(isZeroDecimal('JPY')).toBe(true);
    expect(isZeroDecimal('jpy')).toBe(true);
    expect(isZeroDecimal('AUD')).toBe(false);
    expect(minorUnitExponent('KRW')).toBe(0);
    expect(minorUnitExponent('AUD')).toBe(2);
    expect(minorUnitExponent('usd')).toBe(2);
  });
});
