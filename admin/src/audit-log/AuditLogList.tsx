/**
 * /admin/audit-log: who did what, newest first; search, filter by action, hide sign-ins; CSV export.
 * What changed reads as fields ("surcharge_percentage: 2.95 → 3.5"), not JSON (issue 50 item 7). A
 * SimpleList on phones.
 */
import { Box } from '@mui/material';
import {
  BooleanInput,
  DataTable,
  DateField,
  SearchInput,
  SimpleList,
  TextInput,
  useTranslate,
} from 'react-admin';
import { csvExporter } from '../shared/csv.ts';
import { dateTime } from '../shared/format.ts';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { ResponsiveList } from '../shared/responsive.tsx';

interface AuditEntry {
  id: string;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: unknown;
  ip: string | null;
  created_at: string;
}

/** One value of an entry's details, in words: a change as "from → to", a list joined, nothing as "—". */
function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map(valueText).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('from' in o && 'to' in o && Object.keys(o).length === 2)
      return `${valueText(o.from)} → ${valueText(o.to)}`;
    return JSON.stringify(v);
  }
  return String(v);
}

/** An entry's details as field: value lines (a value that is not an object shown as it is). */
function AuditDetails({ details }: { details: unknown }) {
  if (details === null || details === undefined) return <>—</>;
  if (typeof details !== 'object' || Array.isArray(details)) return <>{valueText(details)}</>;
  return (
    <Box component="dl" sx={{ m: 0, fontSize: 13, maxWidth: 420 }}>
      {Object.entries(details as Record<string, unknown>).map(([field, value]) => (
        <Box key={field} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {field}:
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {valueText(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const target = (r: AuditEntry) => (r.target_type ? `${r.target_type} ${r.target_id ?? ''}`.trim() : '—');

const exportAuditLog = csvExporter<AuditEntry>('audit-log', [
  ['id', (r) => r.id],
  ['created_at', (r) => r.created_at],
  ['actor_email', (r) => r.actor_email ?? 'system'],
  ['action', (r) => r.action],
  ['target_type', (r) => r.target_type],
  ['target_id', (r) => r.target_id],
  ['details', (r) => (r.details === null || r.details === undefined ? null : JSON.stringify(r.details))],
  ['ip', (r) => r.ip],
]);

export function AuditLogList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.audit.search')} />,
    <TextInput key="action" source="action" label="console.audit.columns.action" />,
    <BooleanInput key="hide" source="hide_sign_ins" label="console.audit.hide_sign_ins" alwaysOn />,
  ];
  return (
    <ConsoleList
      title="console.titles.audit_log"
      loadFailed="console.audit.load_failed"
      filters={filters}
      exporter={exportAuditLog}
      perPage={50}
    >
      <ResponsiveList
        phone={
          <SimpleList<AuditEntry>
            primaryText={(r) => r.action}
            secondaryText={(r) => `${r.actor_email ?? translate('console.audit.system')} · ${target(r)}`}
            tertiaryText={(r) => dateTime(r.created_at)}
            rowClick={false}
          />
        }
        wide={
          <DataTable<AuditEntry> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="created_at" label="console.audit.columns.when">
              <DateField source="created_at" showTime locales="en-US" />
            </DataTable.Col>
            <DataTable.Col
              source="actor_email"
              label="console.audit.columns.who"
              render={(r) => r.actor_email ?? translate('console.audit.system')}
            />
            <DataTable.Col source="action" label="console.audit.columns.action" />
            <DataTable.Col source="target_type" label="console.audit.columns.target" render={target} />
            <DataTable.Col
              label="console.audit.columns.details"
              disableSort
              render={(r) => <AuditDetails details={r.details} />}
            />
            <DataTable.Col
              source="ip"
              label="console.audit.columns.ip"
              disableSort
              render={(r) => r.ip ?? '—'}
            />
          </DataTable>
        }
      />
    </ConsoleList>
  );
}
