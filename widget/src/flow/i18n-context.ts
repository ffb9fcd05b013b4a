/**
 * What every view reads besides its own props: the catalogue of the element's language, the
 * locale for money and dates, and where the element runs — our hosted /pay page, or a merchant's
 * own site (error views give a next step that fits: no "check the URL" on a merchant's page).
 */
import { createContext, useContext } from 'react';
import { en, type Messages } from '../i18n/en.ts';
import { formatMoney } from '../../../core/money.ts';
import { customerLocale, formatDate } from '../../../core/customer-locale.ts';

export interface WidgetContext {
  t: Messages;
  locale: string;
  /** The locale was chosen (a `locale` attribute, a language other than English), not English's default. */
  localeChosen?: boolean;
  /** The element is on our own hosted pay page (the API's origin). */
  hosted: boolean;
}

export const WidgetContextValue = createContext<WidgetContext>({ t: en, locale: 'en-US', hosted: false });

export const useWidget = () => useContext(WidgetContextValue);

/** Money in the element's locale. */
export function useMoney(currency: string): (minor: number) => string {
  const { locale } = useWidget();
  return (minor) => formatMoney(minor, currency, locale);
}

/**
 * Dates as the page writes them (DESIGN §4b): in the element's locale when one was chosen, else in
 * the English of the merchant's country (8 Dec 2026 in Australia, Dec 8, 2026 in the US); an
 * instant on the merchant's clock (the receipt's), or with `own` on the reader's (a hold's "since
 * 10:42", read against the customer's own clock); a day (`YYYY-MM-DD`) as it is.
 */
export function useDates(merchant: { country?: string | null; timeZone?: string | null }) {
  const { locale, localeChosen } = useWidget();
  const dateLocale = localeChosen ? locale : customerLocale(merchant.country);
  return (value: string, options: Intl.DateTimeFormatOptions, own = false) =>
    formatDate(value, options, dateLocale, own ? null : merchant.timeZone);
}
