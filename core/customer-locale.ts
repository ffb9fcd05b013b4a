/**
 * The locale a merchant's customers read dates in (DESIGN §4b, dates; issue 50 item 6): English of
 * the merchant's country — day/month in Australia, New Zealand and the UK (8 December 2026), month
 * first in the US — with en-US for a country English is not written in here.
 *
 * @example customerLocale('AU'); // 'en-AU'
 * @example new Intl.DateTimeFormat(customerLocale('NZ'), { dateStyle: 'long' }).format(d); // '8 December 2026'
 */
export function customerLocale(country: string | null | undefined): string {
  const code = (country ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return 'en-US';
  const tag = `en-${code}`;
  return Intl.DateTimeFormat.supportedLocalesOf([tag]).length ? tag : 'en-US';
}

/**
 * A date written in `locale`: a day (`YYYY-MM-DD`, as invoices carry due dates) as it is, an instant
 * on `timeZone`'s clock when given (and valid here), else the reader's; '' for something that is
 * not a date.
 */
export function formatDate(
  value: string,
  options: Intl.DateTimeFormatOptions,
  locale: string,
  timeZone?: string | null,
): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  const zone = day ? 'UTC' : timeZone;
  try {
    return new Intl.DateTimeFormat(locale, { ...options, ...(zone ? { timeZone: zone } : {}) }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}

/** Today's date (`YYYY-MM-DD`) on `timeZone`'s clock (the reader's when it is not valid here). */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone: timeZone ?? undefined }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', options).format(now);
  }
}

/**
 * An instant written for the merchant's customers: in `customerLocale(country)`, on the merchant's
 * clock when its zone is known (and valid here), '' for something that is not a date.
 */
export const customerDate = (
  iso: string,
  options: Intl.DateTimeFormatOptions,
  merchant: { country?: string | null; timeZone?: string | null },
): string => formatDate(iso, options, customerLocale(merchant.country), merchant.timeZone);
