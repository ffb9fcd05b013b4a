/**
 * The invoice's payments so far (collapsible, Show/Hide): amounts, dates and a status chip in words
 * ("Paid", "Refunded"), never customer data. Shown above the Pay button.
 */
import { useId, useState } from 'react';
import { useDates, useMoney, useWidget } from '../flow/i18n-context.ts';
import type { HistoryEntry, PaySession } from '../lib/api.ts';

const CHIP_CLASS: Record<string, string> = {
  succeeded: 'paid',
  completed: 'paid',
  refunded: 'refunded',
  partially_refunded: 'partially_refunded',
};

export function History({
  entries,
  currency,
  merchant,
}: {
  entries: HistoryEntry[];
  currency: string;
  /** Dates as the merchant's country writes them, on its clock (as the receipt does). */
  merchant: PaySession['merchant'];
}) {
  const { t } = useWidget();
  const date = useDates(merchant);
  const money = useMoney(currency);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (entries.length === 0) return null;
  const stateText = (status: string) =>
    t.historyStates[status === 'completed' ? 'succeeded' : status] ?? status.replace(/_/g, ' ');
  return (
    <section className="section history" aria-labelledby={`${id}h`}>
      <div className="split-row">
        <h3 id={`${id}h`}>{t.historyTitle(entries.length)}</h3>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={`${id}t`}
          onClick={() => setOpen(!open)}
        >
          {open ? t.hide : t.show}
        </button>
      </div>
      {open && (
        <table id={`${id}t`} part="history">
          <thead>
            <tr>
              <th scope="col">{t.historyDate}</th>
              <th scope="col">{t.historyAmount}</th>
              <th scope="col">{t.historySurcharge}</th>
              <th scope="col">{t.historyTotal}</th>
              <th scope="col">{t.historyStatus}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={i}>
                <td data-label={t.historyDate}>{date(e.date, { dateStyle: 'medium' })}</td>
                <td data-label={t.historyAmount}>{money(e.amount)}</td>
                <td data-label={t.historySurcharge}>{money(e.surcharge)}</td>
                <td data-label={t.historyTotal}>{money(e.total)}</td>
                <td data-label={t.historyStatus}>
                  <span className={`status-chip ${CHIP_CLASS[e.status] ?? ''}`} part="status-chip">
                    {stateText(e.status)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
