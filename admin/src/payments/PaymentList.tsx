/**
 * /admin/payments: search and filters (merchant, status, accounting sync, date range, invoice
 * number; collapsed on phones), CSV export of the list or of the selected rows (the shared safe
 * exporter), and bulk "Mark as recorded" for payments entered in the accounting tool by hand.
 * A SimpleList on phones.
 */
import {
  AutocompleteInput,
  BulkExportButton,
  DataTable,
  DateInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  useListContext,
  useTranslate,
} from 'react-admin';
import { fromMinorUnits } from '../../../core/money.ts';
import { csvExporter } from '../shared/csv.ts';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { Alert } from '@mui/material';
import { money, shortDate } from '../shared/format.ts';
import { breakAnywhere } from '../layout/theme.ts';
import { ResponsiveList } from '../shared/responsive.tsx';
import { clearingDate, type BankDebitFields } from './BankDebitRows.tsx';
import { HELD, PAYMENT_STATUSES } from '../../../core/payment-status.ts';
import { PAYMENT_STATUS_TEXT, PaymentStatusChip } from '../shared/PaymentStatusChip.tsx';
import type { Payment } from '../shared/types.ts';
import { BulkMarkRecordedButton } from './BulkMarkRecordedButton.tsx';
import { can } from '../access.ts';
import { PaymentSimpleList } from './PaymentSimpleList.tsx';

const SYNC_STATUSES = ['synced', 'pending', 'failed'];

const exportPayments = csvExporter<Payment>('payments', [
  ['id', (p) => p.id],
  ['created_at', (p) => p.created_at],
  ['invoice_number', (p) => p.invoice_number],
  ['merchant', (p) => p.merchant_name ?? p.merchant_id],
  ['currency', (p) => p.currency],
  ['amount', (p) => fromMinorUnits(p.amount, p.currency)],
  ['surcharge', (p) => fromMinorUnits(p.surcharge, p.currency)],
  ['total_amount', (p) => fromMinorUnits(p.total_amount, p.currency)],
  ['refunded', (p) => fromMinorUnits(p.refunded_amount + p.refunded_surcharge, p.currency)],
  ['platform_fee', (p) => fromMinorUnits(p.platform_fee, p.currency)],
  ['status', (p) => p.status],
  ['customer_email', (p) => p.customer_email],
  ['payment_intent_id', (p) => p.payment_intent_id],
  ['xero_sync_status', (p) => p.xero_sync_status],
]);

function PaymentBulkActions() {
  return (
    <>
      {can('payments.adjust') ? <BulkMarkRecordedButton /> : null}
      <BulkExportButton label="console.lists.export_selected" />
    </>
  );
}

/** A From date after the To date finds nothing: say why, instead of only "No Payments found". */
function ReversedRange() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const from = filterValues?.date_from as string | undefined;
  const to = filterValues?.date_to as string | undefined;
  if (!from || !to || from.slice(0, 10) <= to.slice(0, 10)) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ m: 1 }}>
      {translate('console.payments.reversed_range')}
    </Alert>
  );
}

/** How it was paid, in a word or two (issue 50 item 7): "Visa •••• 4242", "BECS Direct Debit", "PayTo". */
function methodText(p: Payment, translate: (key: string) => string): string {
  if (p.method_type === 'au_becs_debit') return translate('console.bank_debit.method_name');
  if (p.method_type === 'payto') return translate('console.payto.method_name');
  const brand = p.card?.brand ? p.card.brand.charAt(0).toUpperCase() + p.card.brand.slice(1) : null;
  return brand && p.card ? `${brand} •••• ${p.card.last4}` : translate('console.bank_debit.card');
}

export function PaymentList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.payments.search')} />,
    <ReferenceInput key="merchant" source="merchant_id" reference="merchants" alwaysOn>
      <AutocompleteInput
        label="console.payments.columns.merchant"
        optionText="business_name"
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>,
    <SelectInput
      key="status"
      source="status"
      label="console.payments.columns.status"
      choices={[
        // Money not yet received that holds invoice balances (DESIGN §3.4): pending, 3-D Secure, clearing.
        { id: HELD, name: translate('console.payments.held') },
        ...PAYMENT_STATUSES.map((s) => ({ id: s, name: translate(PAYMENT_STATUS_TEXT[s]) })),
      ]}
      translateChoice={false}
      alwaysOn
    />,
    <SelectInput
      key="method"
      source="method_type"
      label="console.bank_debit.method"
      choices={[
        { id: 'card', name: 'console.bank_debit.card' },
        { id: 'au_becs_debit', name: 'console.bank_debit.method_name' },
        { id: 'payto', name: 'console.payto.method_name' },
      ]}
    />,
    <SelectInput
      key="sync"
      source="xero_sync_status"
      label="console.payments.columns.sync"
      choices={SYNC_STATUSES.map((s) => ({ id: s, name: s }))}
      translateChoice={false}
    />,
    <TextInput
      key="invoice"
      source="invoice_number"
      label="console.payments.columns.invoice_number"
      alwaysOn
    />,
    <DateInput key="from" source="date_from" label="console.payments.from" alwaysOn />,
    // Days, in the merchant's time zone (the server reads From and To as whole days there).
    <DateInput key="to" source="date_to" label="console.payments.to" alwaysOn />,
  ];
  return (
    <ConsoleList
      title="console.titles.payments"
      loadFailed="console.payments.load_failed"
      filters={filters}
      exporter={exportPayments}
    >
      <ReversedRange />
      <ResponsiveList
        phone={<PaymentSimpleList />}
        wide={
          <DataTable<Payment> rowClick="edit" bulkActionButtons={<PaymentBulkActions />}>
            <DataTable.Col
              source="invoice_number"
              label="console.payments.columns.invoice"
              cellSx={() => breakAnywhere}
            />
            <DataTable.Col source="merchant_name" label="console.payments.columns.merchant" />
            <DataTable.Col
              align="right"
              source="amount"
              label="console.payments.columns.amount"
              render={(p) => money(p.amount, p.currency)}
            />
            <DataTable.Col
              align="right"
              source="total_amount"
              label="console.payments.columns.total"
              render={(p) => money(p.total_amount, p.currency)}
            />
            <DataTable.Col
              source="status"
              label="console.payments.columns.status"
              render={(p) => <PaymentStatusChip status={p.status} />}
            />
            <DataTable.Col
              source="method_type"
              label="console.bank_debit.method"
              disableSort
              render={(p) => methodText(p as Payment, translate)}
            />
            <DataTable.Col
              source="clears_by"
              label="console.bank_debit.clears_by_column"
              render={(p) => {
                const d = (p as Payment & BankDebitFields).clears_by;
                return d ? clearingDate(d) : '—';
              }}
            />
            <DataTable.Col
              source="customer_email"
              label="console.payments.columns.customer_email"
              disableSort
              render={(p) => p.customer_email ?? '—'}
            />
            <DataTable.Col
              source="created_at"
              label="console.payments.columns.date"
              render={(p) => shortDate(p.created_at, p.merchant_time_zone)}
            />
          </DataTable>
        }
      />
    </ConsoleList>
  );
}
