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
 * An instant written for the merchant's customers: in `customerLocale(country)`, on the merchant's
 * clock when its zone is known (and valid here), '' for something that is not a date.
 */
export function customerDate(
  iso: string,
  options: Intl.DateTimeFormatOptions,
  merchant: { country?: string | null; timeZone?: string | null },
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = customerLocale(merchant.country);
  try {
    return new Intl.DateTimeFormat(locale, {
      ...options,
      ...(merchant.timeZone ? { timeZone: merchant.timeZone } : {}),
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}
