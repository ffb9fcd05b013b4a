/** The spec's debug panel, shown only with the `debug` attribute: what the element sees, and a direct merchant lookup. */
import { useState } from 'react';

export interface DebugInfo {
  merchant: string | undefined;
  shortcode: string | undefined;
  state: string;
  connectedAccountId: string | null;
  mode: string | null;
  api: string;
}

export function DebugPanel({ info, onLookup }: { info: DebugInfo; onLookup(merchantId: string): void }) {
  const [id, setId] = useState('');
  return (
    <section className="dbg" aria-label="Debug information" part="debug">
      <div>URL: {location.href}</div>
      <div>API: {info.api}</div>
      <div>Merchant ID: {info.merchant ?? '(none)'}</div>
      <div>Shortcode: {info.shortcode ?? '(none)'}</div>
      <div>Loading state: {info.state}</div>
      <div>Provider: {info.mode ?? '(unknown)'}</div>
      <div>Connected account: {info.connectedAccountId ?? '(none)'}</div>
      <label htmlFor="ip-dbg">Look up merchant by id</label>
      <input id="ip-dbg" value={id} onChange={(e) => setId(e.target.value)} />
      <div className="acts">
        <button type="button" onClick={() => id.trim() && onLookup(id.trim())}>
          Look up
        </button>
        <button type="button" onClick={() => setId(info.merchant ?? info.shortcode ?? '')}>
          Use test id
        </button>
      </div>
    </section>
  );
}
