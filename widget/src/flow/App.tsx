/**
 * The flow's root: the catalogue and locale of the element's language, an error boundary, and the
 * pay flow. Tells the element once its first view is on screen (the loading view then goes).
 */
import { useLayoutEffect, useMemo } from 'react';
import type { WidgetProps } from '../element/props.ts';
import { localeFor, messagesFor } from '../i18n/index.ts';
import { ErrorBoundary } from '../views/ErrorBoundary.tsx';
import { WidgetContextValue, type WidgetContext } from './i18n-context.ts';
import { PayFlow } from './PayFlow.tsx';

function isHosted(api: string): boolean {
  try {
    return new URL(api).origin === location.origin;
  } catch {
    return false;
  }
}

export function App({
  host,
  props,
  onRendered,
}: {
  host: HTMLElement;
  props: WidgetProps;
  onRendered(): void;
}) {
  const context = useMemo<WidgetContext>(
    () => ({
      t: messagesFor(props.lang),
      locale: localeFor(props.locale, props.lang),
      hosted: isHosted(props.api),
    }),
    [props.lang, props.locale, props.api],
  );
  useLayoutEffect(onRendered, [onRendered]);
  return (
    <WidgetContextValue.Provider value={context}>
      <ErrorBoundary host={host} invoice={props.invoice ?? null} reference={props.reference ?? null}>
        <PayFlow host={host} {...props} />
      </ErrorBoundary>
    </WidgetContextValue.Provider>
  );
}
