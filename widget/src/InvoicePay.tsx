/**
 * The component rendered inside `<invoice-pay>`'s shadow root: the stylesheet, an error boundary
 * and the pay flow. `container` is the shadow root r2wc attaches (its host is the element).
 */
import { ErrorBoundary } from './views/ErrorBoundary.tsx';
import { PayFlow } from './flow/PayFlow.tsx';
import { STYLES } from './styles.ts';

export interface InvoicePayProps {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  api?: string;
  locale?: string;
  debug?: boolean;
  container?: ShadowRoot | HTMLElement;
}

let defaultApiBase = typeof location !== 'undefined' ? location.origin : '';

/** The origin the widget script was loaded from: the default for the `api` attribute. */
export function setDefaultApiBase(origin: string) {
  defaultApiBase = origin;
}

function validLocale(locale: string | undefined): string {
  if (!locale) return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : 'en-US';
  } catch {
    return 'en-US';
  }
}

export function InvoicePay(props: InvoicePayProps) {
  const container = props.container;
  const host = (container && 'host' in container ? container.host : container) as HTMLElement;
  return (
    <>
      <style>{STYLES}</style>
      <ErrorBoundary host={host}>
        <PayFlow
          host={host}
          apiBase={props.api?.trim() || defaultApiBase}
          merchant={props.merchant}
          shortcode={props.shortcode}
          invoice={props.invoice}
          amount={props.amount}
          currency={props.currency}
          locale={validLocale(props.locale)}
          debug={Boolean(props.debug)}
        />
      </ErrorBoundary>
    </>
  );
}
