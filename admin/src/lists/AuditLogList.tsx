/** /admin/audit-log: who did what, newest first. */
import { Datagrid, DateField, FunctionField, List, SearchInput, TextField, TextInput } from 'react-admin';
import { ListError, useListErrorOptions } from '../shared/ListError.tsx';

export function AuditLogList() {
  const queryOptions = useListErrorOptions('Failed to load the audit log. Please try again.');
  return (
    <List
      title="Audit Log"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
        <TextInput key="action" source="action" label="Action" />,
      ]}
      queryOptions={queryOptions}
      error={<ListError message="Failed to load the audit log. Please try again." />}
      empty={false}
      perPage={50}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="created_at" label="When" showTime locales="en-US" />
        <TextField source="actor_email" label="Who" emptyText="system" />
        <TextField source="action" label="Action" />
        <FunctionField
          label="Target"
          render={(r: { target_type: string | null; target_id: string | null }) =>
            r.target_type ? `${r.target_type} ${r.target_id ?? ''}` : '—'
          }
        />
        <FunctionField
          label="Details"
          render={(r: { details: unknown }) =>
            r.details ? <code style={{ fontSize: 12 }}>{JSON.stringify(r.details)}</code> : '—'
          }
        />
        <TextField source="ip" label="IP" emptyText="—" />
      </Datagrid>
    </List>
  );
}
