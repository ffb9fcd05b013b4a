/**
 * /admin/invoices: the ledger per invoice — the balance through the latest link seen, capped by
 * the credible observations (DESIGN §3.3) — with Needs attention (overpaid, a remainder below the
 * card minimum, a link capped by another observation) and a link to each invoice's page.
 */
import { BooleanInput, FunctionField, SearchInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ATTENTION_LABEL } from './types.ts';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { money, shortDate } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Invoice } from '../shared/types.ts';
import { exportInvoices, InvoiceDatagrid } from './invoice-list-extras.tsx';

export function InvoiceList() {
  const translate = useTranslate();
  return (
    <ConsoleList
      title="console.titles.invoices"
      loadFailed="console.invoice_list.load_failed"
      sort={{ field: 'updated_at', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.invoice_list.search')} />,
        <BooleanInput
          key="needs_attention"
          source="needs_attention"
          label="console.invoice_list.needs_attention"
          alwaysOn
        />,
        <BooleanInput key="overpaid" source="overpaid" label="console.invoice_list.overpaid_only" alwaysOn />,
      ]}
      exporter={exportInvoices}
    >
      <InvoiceDatagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="console.invoice_list.invoice"
          sortBy="invoice_number"
          render={(i: Invoice) => <Link to={`/invoices/${i.id}`}>{i.invoice_number}</Link>}
        />
        <FunctionField
          label="console.invoice_list.merchant"
          sortBy="merchant_name"
          render={(i: Invoice) => (
            <Link to={`/merchants/${i.merchant_id}`}>{i.merchant_name ?? i.merchant_id}</Link>
          )}
        />
        <FunctionField
          label="console.invoice_list.paid"
          sortBy="paid_amount"
          textAlign="right"
          render={(i: Invoice) => money(i.paid_amount, i.currency)}
        />
        <FunctionField
          label="console.invoice_list.in_flight"
          textAlign="right"
          render={(i: Invoice) => money(i.reserved_amount, i.currency)}
        />
        <FunctionField
          label="console.invoice_list.balance"
          textAlign="right"
          render={(i: Invoice) =>
            i.balance === null
              ? translate('console.invoice_list.no_link_amount')
              : money(i.balance, i.currency)
          }
        />
        <FunctionField
          label="console.invoice_list.needs_attention"
          render={(i: Invoice) =>
            i.overpaid ? (
              <StatusChip
                status="overpaid"
                tone="error"
                label={translate('console.invoice_list.overpaid', {
                  amount: money(i.overpaid_amount, i.currency),
                })}
              />
            ) : i.attention ? (
              <StatusChip
                status={i.attention}
                tone="default"
                label={translate(ATTENTION_LABEL[i.attention])}
              />
            ) : null
          }
        />
        <FunctionField
          label="console.invoice_list.updated"
          sortBy="updated_at"
          render={(i: Invoice) => shortDate(i.updated_at)}
        />
      </InvoiceDatagrid>
    </ConsoleList>
  );
}
