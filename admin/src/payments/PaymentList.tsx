/** /admin/payments: filters (merchant, status, date range, invoice number) and CSV export. */
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  downloadCSV,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  type Exporter,
} from 'react-admin';
import { fromMinorUnits } from '../../../core/money.ts';
import { ListError, useListErrorOptions } from '../shared/ListError.tsx';
import { money, paymentTone, shortDate } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';
import type { Payment } from '../shared/types.ts';

const STATUSES = [
  'pending',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  'expired',
  'partially_refunded',
  'refunded',
];

const filters = [
  <ReferenceInput key="merchant" source="merchant_id" reference="merchants" alwaysOn>
    <AutocompleteInput
      label="Merchant"
      optionText="business_name"
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 220 }}
    />
  </ReferenceInput>,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={STATUSES.map((s) => ({ id: s, name: s.replace(/_/g, ' ') }))}
    alwaysOn
  />,
  <TextInput key="invoice" source="invoice_number" label="Invoice number" alwaysOn />,
  <DateInput key="from" source="date_from" label="From" alwaysOn />,
  <DateInput
    key="to"
    source="date_to"
    label="To"
    alwaysOn
    // The day itself is included: compare against its last instant.
    parse={(v: string) => (v ? `${v.slice(0, 10)}T23:59:59.999Z` : v)}
    format={(v: string | undefined) => (v ? v.slice(0, 10) : '')}
  />,
];

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const exportPayments: Exporter = (records: Payment[]) => {
  const head = [
    'id',
    'created_at',
    'invoice_number',
    'merchant',
    'currency',
    'amount',
    'surcharge',
    'total_amount',
    'refunded',
    'platform_fee',
    'status',
    'customer_email',
    'payment_intent_id',
    'xero_sync_status',
  ];
  const rows = records.map((p) => [
    p.id,
    p.created_at,
    p.invoice_number,
    p.merchant_name ?? p.merchant_id,
    p.currency,
    fromMinorUnits(p.amount, p.currency),
    fromMinorUnits(p.surcharge, p.currency),
    fromMinorUnits(p.total_amount, p.currency),
    fromMinorUnits(p.refunded_amount + p.refunded_surcharge, p.currency),
    fromMinorUnits(p.platform_fee, p.currency),
    p.status,
    p.customer_email,
    p.payment_intent_id,
    p.xero_sync_status,
  ]);
  downloadCSV([head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n'), 'payments');
};

export const PAYMENTS_LOAD_FAILED = 'Failed to load payment details. Please try again.';

export function PaymentList() {
  const queryOptions = useListErrorOptions(PAYMENTS_LOAD_FAILED);
  return (
    <List
      title="Payments"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={filters}
      exporter={exportPayments}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton maxResults={10000} label="Export CSV" />
        </TopToolbar>
      }
      queryOptions={queryOptions}
      error={<ListError message={PAYMENTS_LOAD_FAILED} />}
      empty={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="invoice_number" label="Invoice" />
        <TextField source="merchant_name" label="Merchant" sortBy="merchant_name" />
        <FunctionField
          label="Amount"
          sortBy="amount"
          textAlign="right"
          render={(p: Payment) => money(p.amount, p.currency)}
        />
        <FunctionField
          label="Total"
          sortBy="total_amount"
          textAlign="right"
          render={(p: Payment) => money(p.total_amount, p.currency)}
        />
        <FunctionField
          label="Status"
          sortBy="status"
          render={(p: Payment) => <StatusChip status={p.status} tone={paymentTone(p.status)} />}
        />
        <TextField source="customer_email" label="Customer email" sortable={false} emptyText="—" />
        <FunctionField label="Date" sortBy="created_at" render={(p: Payment) => shortDate(p.created_at)} />
      </Datagrid>
    </List>
  );
}
