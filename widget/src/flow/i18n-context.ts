/**
 * What every view reads besides its own props: the catalogue of the element's language, the
 * locale for money and dates, and where the element runs — our hosted /pay page, or a merchant's
 * own site (error views give a next step that fits: no "check the URL" on a merchant's page).
 */
import { createContext, useContext } from 'react';
import { en, type Messages } from '../i18n/en.ts';
import { formatMoney } from '../../../core/money.ts';

export interface WidgetContext {
  t: Messages;
  locale: string;
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
