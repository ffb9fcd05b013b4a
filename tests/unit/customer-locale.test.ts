/** Customers read dates as the merchant's country writes them (issue 50 item 6). */
import { describe, expect, it } from 'vitest';
import { customerLocale } from '../../core/customer-locale.ts';

describe('customerLocale', () => {
  const long = (country: string) =>
    new Intl.DateTimeFormat(customerLocale(country), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date('2026-12-08T03:00:00Z'),
    );
  it('writes the day first for AU, NZ and GB, the month first for the US', () => {
    expect(customerLocale('AU')).toBe('en-AU');
    expect(long('AU')).toBe('8 December 2026');
    expect(long('NZ')).toBe('8 December 2026');
    expect(long('GB')).toBe('8 December 2026');
    expect(long('US')).toBe('December 8, 2026');
  });
  it('falls back to en-US for nothing or a malformed country', () => {
    expect(customerLocale(null)).toBe('en-US');
    expect(customerLocale('Australia')).toBe('en-US');
    expect(customerLocale('au')).toBe('en-AU');
  });
});
