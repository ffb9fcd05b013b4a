/**
 * The flow's root: the catalogue and locale of the element's language, an error boundary, and the
 * pay flow. Tells the element once its first view is on screen (the loading view then goes). A
 * language other than English waits for its catalogue's chunk (i18n/index.ts), the loading view
 * (already in that language) showing meanwhile.
 */
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { WidgetProps } from '../element/props.ts';
import { catalogueOf, languageOf, loadCatalogue, localeChosen, localeFor } from '../i18n/index.ts';
import { en } from '../i18n/en.ts';
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
  const language = languageOf(props.lang);
  // Until the first catalogue is here nothing renders; on a language change the one shown stays
  // until the new one arrives.
  const [messages, setMessages] = useState(() => catalogueOf(language));
  useEffect(() => {
    let current = true;
    void loadCatalogue(language).then(() => current && setMessages(catalogueOf(language)));
    return () => {
      current = false;
    };
  }, [language]);
  const context = useMemo<WidgetContext>(
    () => ({
      t: messages ?? en,
      locale: localeFor(props.locale, props.lang),
      localeChosen: localeChosen(props.locale, props.lang),
      hosted: isHosted(props.api),
    }),
    [messages, props.locale, props.lang, props.api],
  );
  if (!messages) return null;
  return (
    <WidgetContextValue.Provider value={context}>
      <OnScreen onRendered={onRendered}>
        <ErrorBoundary host={host} invoice={props.invoice ?? null} reference={props.reference ?? null}>
          <PayFlow host={host} {...props} />
        </ErrorBoundary>
      </OnScreen>
    </WidgetContextValue.Provider>
  );
}

/** Tells the element once the flow's first view is on screen. */
function OnScreen({ onRendered, children }: { onRendered(): void; children: ReactNode }) {
  useLayoutEffect(onRendered, [onRendered]);
  return children;
}
