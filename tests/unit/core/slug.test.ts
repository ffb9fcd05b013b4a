import { describe, it, expect } from 'vitest';
import { parseTags, slugify } from '../../../core/slug.ts';

describe('slugify', () => {
  it('follows the spec rules', () => {
    expect(slugify('Hello World')).toBe('hello-world');
    expect(slugify('  Getting Paid: Faster! ')).toBe('getting-paid-faster');
    expect(slugify('Xero   &  QuickBooks')).toBe('xero-quickbooks');
    expect(slugify('--card_fees--')).toBe('card_fees');
    expect(slugify('a\t\nb')).toBe('a-b');
    expect(slugify('!!!')).toBe('');
    expect(slugify('')).toBe('');
  });
});

describe('parseTags', () => {
  it('splits, trims and drops empties', () => {
    expect(parseTags('xero, quickbooks ,, ')).toEqual(['xero', 'quickbooks']);
    expect(parseTags('one')).toEqual(['one']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ')).toEqual([]);
    expect(parseTags(null)).toEqual([]);
  });
});
