/**
 * The invoice itself, when the link may show it (the session's `invoice.details`): a collapsed
 * "Invoice details" with the due date, the lines and totals from the merchant's Xero or QuickBooks,
 * and the tool's PDF. Asked for after the form is up (it never delays paying); if it cannot be had,
 * nothing is shown — the amount and balance above are what the payment is bound by.
 */
import { useEffect, useState } from 'react';
import { useDates, useMoney, useWidget } from '../flow/i18n-context.ts';
import type { InvoiceDetails as Details, PayApi, PaySession } from '../lib/api.ts';
import type { SessionQuery } from '../../../client/session-request.ts';
import { todayIn } from '../../../core/customer-locale.ts';

export function InvoiceDetails({
  api,
  query,
  seller,
}: {
  api: PayApi;
  query: SessionQuery;
  /** The session's merchant: days written as its country writes them, "overdue" counted on its clock. */
  seller: PaySession['merchant'];
}) {
  const { t } = useWidget();
  const date = useDates(seller);
  /** "1 Dec 2026" (en-AU), for a YYYY-MM-DD day. */
  const day = (value: string) => date(value, { day: 'numeric', month: 'short', year: 'numeric' });
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
  // Past its due date on the merchant's clock with something still due at the tool.
  const overdue = !!details.dueDate && details.amountDue > 0 && details.dueDate < todayIn(seller.timeZone);
  return (
    <details className="section invoice-details" part="invoice-details">
      <summary>
        {t.invoiceDetails}
        {details.dueDate ? ` · ${t.dueOn(day(details.dueDate))}` : ''}
        {overdue && (
          <>
            {' · '}
            <strong className="overdue">{t.overdue}</strong>
          </>
        )}
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
        <dd className="money">{money(details.subtotal)}</dd>
        <dt>{t.tax}</dt>
        <dd className="money">{money(details.tax)}</dd>
        <dt>{t.total}</dt>
        <dd className="money">{money(details.total)}</dd>
        {details.issueDate ? (
          <>
            <dt>{t.issued}</dt>
            <dd>{day(details.issueDate)}</dd>
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
