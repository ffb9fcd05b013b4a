/** /admin/invoices: the ledger per invoice, balance through us, and overpaid invoices flagged for a refund. */
import {
  BooleanInput,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  SearchInput,
  TopToolbar,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ListError, useListErrorOptions } from '../shared/ListError.tsx';
import { money, shortDate } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Invoice } from '../shared/types.ts';
import { useListFilters } from '../shared/responsive.tsx';
import { exportInvoices, InvoiceDatagrid } from './invoice-list-extras.tsx';

export function InvoiceList() {
  const queryOptions = useListErrorOptions('Failed to load invoices. Please try again.');
  return (
    <List
      title="Invoices"
      sort={{ field: 'updated_at', order: 'DESC' }}
      filters={useListFilters([
        <SearchInput key="q" source="q" alwaysOn placeholder="Invoice or merchant" />,
        <BooleanInput key="overpaid" source="overpaid" label="Overpaid only" alwaysOn />,
      ])}
      exporter={exportInvoices}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton maxResults={10000} label="console.lists.export" />
        </TopToolbar>
      }
      queryOptions={queryOptions}
      error={<ListError message="Failed to load invoices. Please try again." />}
      empty={false}
    >
      <InvoiceDatagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="Invoice"
          sortBy="invoice_number"
          render={(i: Invoice) => (
            <Link
              to={`/payments?filter=${encodeURIComponent(JSON.stringify({ invoice_number: i.invoice_number, merchant_id: i.merchant_id }))}`}
            >
              {i.invoice_number}
            </Link>
          )}
        />
        <FunctionField
          label="Merchant"
          sortBy="merchant_name"
          render={(i: Invoice) => (
            <Link to={`/merchants/${i.merchant_id}`}>{i.merchant_name ?? i.merchant_id}</Link>
          )}
        />
        <FunctionField
          label="Paid"
          sortBy="paid_amount"
          textAlign="right"
          render={(i: Invoice) => money(i.paid_amount, i.currency)}
        />
        <FunctionField
          label="In flight"
          textAlign="right"
          render={(i: Invoice) => money(i.reserved_amount, i.currency)}
        />
        <FunctionField
          label="Balance"
          textAlign="right"
          render={(i: Invoice) => (i.balance === null ? 'unknown' : money(i.balance, i.currency))}
        />
        <FunctionField
          label="Flag"
          render={(i: Invoice) =>
            i.overpaid ? (
              <StatusChip
                status="overpaid"
                tone="error"
                label={`Overpaid ${money(i.overpaid_amount, i.currency)}`}
              />
            ) : null
          }
        />
        <FunctionField label="Updated" sortBy="updated_at" render={(i: Invoice) => shortDate(i.updated_at)} />
      </InvoiceDatagrid>
    </List>
  );
}
