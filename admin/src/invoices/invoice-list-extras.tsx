/**
 * The invoices list's CSV export (the shared safe exporter) and its phone layout (SimpleList),
 * kept apart from InvoiceList.tsx so that file stays the invoice rules' own.
 */
import { Datagrid, SimpleList, useTranslate, type DatagridProps } from 'react-admin';
import { fromMinorUnits } from '../../../core/money.ts';
import { csvExporter } from '../shared/csv.ts';
import { money, shortDate } from '../shared/format.ts';
import { useIsPhone } from '../shared/responsive.tsx';
import type { Invoice } from '../shared/types.ts';

export const exportInvoices = csvExporter<Invoice>('invoices', [
  ['id', (i) => i.id],
  ['invoice_number', (i) => i.invoice_number],
  ['merchant', (i) => i.merchant_name ?? i.merchant_id],
  ['currency', (i) => i.currency],
  ['paid', (i) => fromMinorUnits(i.paid_amount, i.currency)],
  ['in_flight', (i) => fromMinorUnits(i.reserved_amount, i.currency)],
  ['balance', (i) => (i.balance === null ? null : fromMinorUnits(i.balance, i.currency))],
  ['overpaid', (i) => (i.overpaid ? fromMinorUnits(i.overpaid_amount, i.currency) : null)],
  ['updated_at', (i) => i.updated_at],
]);

/** Invoices on a phone: number and merchant, paid and balance, last change; a tap lists its payments. */
export function InvoiceSimpleList() {
  const translate = useTranslate();
  return (
    <SimpleList<Invoice>
      primaryText={(i) => `${i.invoice_number} · ${i.merchant_name ?? i.merchant_id}`}
      secondaryText={(i) =>
        translate(i.overpaid ? 'console.invoices.phone_line_overpaid' : 'console.invoices.phone_line', {
          paid: money(i.paid_amount, i.currency),
          balance: i.balance === null ? translate('console.invoices.unknown') : money(i.balance, i.currency),
          overpaid: money(i.overpaid_amount, i.currency),
        })
      }
      tertiaryText={(i) => shortDate(i.updated_at)}
      rowClick={(_id, _resource, i) =>
        `/payments?filter=${encodeURIComponent(JSON.stringify({ invoice_id: i.id }))}`
      }
    />
  );
}

/** The invoices list body: its Datagrid from the `sm` breakpoint up, the SimpleList on phones. */
export function InvoiceDatagrid(props: DatagridProps) {
  return useIsPhone() ? <InvoiceSimpleList /> : <Datagrid {...props} />;
}
