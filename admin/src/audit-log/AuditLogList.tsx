/** /admin/audit-log: who did what, newest first; search, filter by action; CSV export. A SimpleList on phones. */
import { Box } from '@mui/material';
import { DataTable, DateField, SearchInput, SimpleList, TextInput, useTranslate } from 'react-admin';
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
              render={(r) =>
                r.details ? (
                  <Box
                    component="code"
                    sx={{ fontSize: 12, wordBreak: 'break-all', display: 'block', maxWidth: 420 }}
                  >
                    {JSON.stringify(r.details)}
                  </Box>
                ) : (
                  '—'
                )
              }
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
