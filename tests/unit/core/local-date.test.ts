import { describe, expect, it } from 'vitest';
import { addBusinessDays, isTimeZone, localDate } from '../../../core/local-date.ts';

describe('localDate', () => {
  it('dates an Australian morning payment on the local day, not the UTC day', () => {
    // 08:30 on 1 July in Sydney (AEST, UTC+10) is 22:30 on 30 June UTC: the new financial year.
    expect(localDate('2026-06-30T22:30:00.000Z', 'Australia/Sydney')).toBe('2026-07-01');
    expect(localDate('2026-06-30T22:30:00.000Z', 'UTC')).toBe('2026-06-30');
    // Perth is UTC+8: the same instant is still 30 June there.
    expect(localDate('2026-06-30T15:59:59.000Z', 'Australia/Perth')).toBe('2026-06-30');
    expect(localDate('2026-06-30T16:00:00.000Z', 'Australia/Perth')).toBe('2026-07-01');
  });

  it('follows daylight saving (Sydney is UTC+11 in summer) and zones behind UTC', () => {
    expect(localDate('2026-11-30T12:59:00.000Z', 'Australia/Sydney')).toBe('2026-11-30');
    expect(localDate('2026-11-30T13:00:00.000Z', 'Australia/Sydney')).toBe('2026-12-01');
    expect(localDate(new Date('2026-07-01T03:00:00.000Z'), 'America/Los_Angeles')).toBe('2026-06-30');
    expect(localDate('2026-12-31T23:30:00.000Z', 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('refuses an unknown zone or instant', () => {
    expect(() => localDate('2026-07-01T00:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => localDate('not a date', 'UTC')).toThrow(RangeError);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses anything else', () => {
    for (const z of ['Australia/Sydney', 'Pacific/Auckland', 'Europe/London', 'UTC', 'Etc/GMT+8'])
      expect(isTimeZone(z), z).toBe(true);
    for (const z of ['', 'Sydney', 'Australia/Nowhere', 'AUSEASTERNSTANDARDTIME', '../etc', 'x'.repeat(80)])
      expect(isTimeZone(z), z).toBe(false);
  });
});

describe('addBusinessDays', () => {
  it('skips weekends: a debit submitted on a Friday clears by the Wednesday', () => {
    expect(addBusinessDays('2026-11-20', 3)).toBe('2026-11-25'); // Fri → Wed
    expect(addBusinessDays('2026-11-23', 3)).toBe('2026-11-26'); // Mon → Thu
    expect(addBusinessDays('2026-11-21', 1)).toBe('2026-11-23'); // Sat → Mon
    expect(addBusinessDays('2026-12-30', 3)).toBe('2027-01-04'); // across the year (holidays not known)
    expect(addBusinessDays('2026-11-20', 0)).toBe('2026-11-20');
  });

  it('refuses a malformed date or a negative count', () => {
    expect(() => addBusinessDays('20-11-2026', 3)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-11-20', -1)).toThrow(RangeError);
  });
});
