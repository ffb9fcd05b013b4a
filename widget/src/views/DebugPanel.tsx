/** The spec's debug panel, shown only with the `debug` attribute: what the element sees, and a direct merchant lookup. */
import { useId, useState } from 'react';
import { useWidget } from '../flow/i18n-context.ts';

export interface DebugInfo {
  merchant: string | undefined;
  shortcode: string | undefined;
  state: string;
  connectedAccountId: string | null;
  mode: string | null;
  api: string;
}

export function DebugPanel({ info, onLookup }: { info: DebugInfo; onLookup(merchantId: string): void }) {
  const { t } = useWidget();
  const [id, setId] = useState('');
  const inputId = useId();
  return (
    <section className="debug-panel" aria-label={t.debugLabel} part="debug">
      <div>
        {t.debugUrl}: {location.href}
      </div>
      <div>
        {t.debugApi}: {info.api}
      </div>
      <div>
        {t.debugMerchant}: {info.merchant ?? t.debugNone}
      </div>
      <div>
        {t.debugShortcode}: {info.shortcode ?? t.debugNone}
      </div>
      <div>
        {t.debugState}: {info.state}
      </div>
      <div>
        {t.debugProvider}: {info.mode ?? t.debugUnknown}
      </div>
      <div>
        {t.debugAccount}: {info.connectedAccountId ?? t.debugNone}
      </div>
      <label htmlFor={inputId}>{t.debugLookupLabel}</label>
      <input id={inputId} part="input" value={id} onChange={(e) => setId(e.target.value)} />
      <div className="actions">
        <button type="button" onClick={() => id.trim() && onLookup(id.trim())}>
          {t.debugLookup}
        </button>
        <button type="button" onClick={() => setId(info.merchant ?? info.shortcode ?? '')}>
          {t.debugUseTestId}
        </button>
      </div>
    </section>
  );
}
