/**
 * /admin/prospects: contact-form submissions, newest first; filter by status; mark the selected
 * ones contacted (react-admin's bulk update through the data provider, undoable); CSV export of the list or
 * the selection. A SimpleList on phones.
 */
import {
  BulkExportButton,
  BulkUpdateButton,
  DataTable,
  DateField,
  EmailField,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { csvExporter } from '../shared/csv.ts';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { ResponsiveList } from '../shared/responsive.tsx';
import { StatusChip } from '../shared/StatusChip.tsx';

interface Prospect {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company_name: string;
  source: string;
  status: string;
  created_at: string;
}

const STATUSES = ['new', 'contacted', 'qualified', 'closed'];

const exportProspects = csvExporter<Prospect>('prospects', [
  ['id', (p) => p.id],
  ['created_at', (p) => p.created_at],
  ['name', (p) => p.name],
  ['email', (p) => p.email],
  ['phone', (p) => p.phone],
  ['company_name', (p) => p.company_name],
  ['source', (p) => p.source],
  ['status', (p) => p.status],
]);

const statusChip = (p: Prospect) => (
  <StatusChip
    status={p.status}
    tone={p.status === 'new' ? 'warning' : p.status === 'contacted' ? 'success' : 'default'}
  />
);

function ProspectBulkActions() {
  return (
    <>
      <BulkUpdateButton
        label="console.prospects.mark_contacted"
        data={{ status: 'contacted' }}
        mutationMode="undoable"
      />
      <BulkExportButton label="console.lists.export_selected" />
    </>
  );
}

export function ProspectList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.prospects.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="console.prospects.columns.status"
      choices={STATUSES.map((s) => ({ id: s, name: s }))}
      translateChoice={false}
      alwaysOn
    />,
  ];
  return (
    <ConsoleList
      title="console.titles.prospects"
      loadFailed="console.prospects.load_failed"
      filters={filters}
      exporter={exportProspects}
    >
      <ResponsiveList
        phone={
          <SimpleList<Prospect>
            primaryText={(p) => `${p.name} · ${p.company_name}`}
            secondaryText={(p) => [p.email, p.phone].filter(Boolean).join(' · ')}
            tertiaryText={(p) => p.status}
            rowClick={false}
          />
        }
        wide={
          <DataTable<Prospect> rowClick={false} bulkActionButtons={<ProspectBulkActions />}>
            <DataTable.Col source="name" label="console.prospects.columns.name" />
            <DataTable.Col source="email" label="console.prospects.columns.email">
              <EmailField source="email" />
            </DataTable.Col>
            <DataTable.Col
              source="phone"
              label="console.prospects.columns.phone"
              disableSort
              render={(p) => p.phone || '—'}
            />
            <DataTable.Col source="company_name" label="console.prospects.columns.company" />
            <DataTable.Col source="status" label="console.prospects.columns.status" render={statusChip} />
            <DataTable.Col source="created_at" label="console.prospects.columns.received">
              <DateField source="created_at" showTime locales="en-US" />
            </DataTable.Col>
          </DataTable>
        }
      />
    </ConsoleList>
  );
}
