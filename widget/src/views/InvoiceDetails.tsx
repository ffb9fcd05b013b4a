/**
 * The invoice itself, when the link may show it (the session's `invoice.details`): a collapsed
 * "Invoice details" with the due date, the lines and totals from the merchant's Xero or QuickBooks,
 * and the tool's PDF. Asked for after the form is up (it never delays paying); if it cannot be had,
 * nothing is shown — the amount and balance above are what the payment is bound by.
 */
import { useEffect, useState } from 'react';
import { useMoney, useWidget } from '../flow/i18n-context.ts';
import type { InvoiceDetails as Details, PayApi } from '../lib/api.ts';
import type { SessionQuery } from '../../../client/session-request.ts';

/** "1 Dec 2026" in the element's locale, for a YYYY-MM-DD day (no time zone shift). */
function day(value: string, locale: string): string {
  return new Date(`${value}T00:00:00Z`).toLocaleDateString(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

export function InvoiceDetails({ api, query }: { api: PayApi; query: SessionQuery }) {
  const { t, locale } = useWidget();
  const [details, setDetails] = useState<Details | null>(null);
  const { merchant, shortcode, invoice, amount, currency } = query;
  useEffect(() => {
    let current = true;
    setDetails(null);
    api
      .invoiceDetails({ merchant, shortcode, invoice, amount, currency })
      .then((d) => current && setDetails(d))
      .catch(() => undefined); // nothing to show: the page is complete without it
    return () => {
      current = false;
    };
  }, [api, merchant, shortcode, invoice, amount, currency]);
  const money = useMoney(details?.currency ?? currency ?? 'AUD');
  if (!details) return null;
  const tool = details.source === 'quickbooks' ? 'QuickBooks' : 'Xero';
  return (
    <details className="section invoice-details" part="invoice-details">
      <summary>
        {t.invoiceDetails}
        {details.dueDate ? ` · ${t.dueOn(day(details.dueDate, locale))}` : ''}
      </summary>
      <table>
        <caption className="visually-hidden">{t.invoiceLines(details.number)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.lineDescription}</th>
            <th scope="col">{t.lineQuantity}</th>
            <th scope="col">{t.lineAmount}</th>
          </tr>
        </thead>
        <tbody>
          {details.lines.map((l, i) => (
            <tr key={i}>
              <td data-label={t.lineDescription}>{l.description}</td>
              <td data-label={t.lineQuantity}>
                {l.quantity === null
                  ? ''
                  : l.unitAmount === null
                    ? l.quantity
                    : `${l.quantity} × ${money(l.unitAmount)}`}
              </td>
              <td data-label={t.lineAmount} className="money">
                {money(l.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="result-details">
        <dt>{t.subtotal}</dt>
        <dd>{money(details.subtotal)}</dd>
        <dt>{t.tax}</dt>
        <dd>{money(details.tax)}</dd>
        <dt>{t.total}</dt>
        <dd>{money(details.total)}</dd>
        {details.issueDate ? (
          <>
            <dt>{t.issued}</dt>
            <dd>{day(details.issueDate, locale)}</dd>
          </>
        ) : null}
      </dl>
      <p>
        <a href={api.base + details.pdfPath} target="_blank" rel="noopener">
          {t.invoicePdf(tool)}
        </a>
      </p>
    </details>
  );
}
