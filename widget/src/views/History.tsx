/** The collapsible payment history of this invoice (Show/Hide), without customer data. */
import { useState } from 'react';
import { formatMoney } from '../../../core/money.ts';
import type { HistoryEntry } from '../lib/api.ts';

export function History({
  entries,
  currency,
  locale,
}: {
  entries: HistoryEntry[];
  currency: string;
  locale: string;
}) {
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  const money = (m: number) => formatMoney(m, currency, locale);
  return (
    <section className="sec" aria-labelledby="ip-hh">
      <div className="row">
        <h3 id="ip-hh">Payment history ({entries.length})</h3>
        <button
          type="button"
          className="l"
          aria-expanded={open}
          aria-controls="ip-ht"
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {open && (
        <table id="ip-ht" part="history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Surcharge</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={i}>
                <td>{new Date(e.date).toLocaleDateString(locale)}</td>
                <td>{money(e.amount)}</td>
                <td>{money(e.surcharge)}</td>
                <td>{money(e.total)}</td>
                <td>{e.status === 'completed' ? 'succeeded' : e.status.replace(/_/g, ' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
