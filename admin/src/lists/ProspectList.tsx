/** /admin/prospects: contact-form submissions, newest first. */
import { Datagrid, DateField, EmailField, List, SearchInput, TextField } from 'react-admin';
import { ListError, useListErrorOptions } from '../shared/ListError.tsx';

export function ProspectList() {
  const queryOptions = useListErrorOptions('Failed to load prospects. Please try again.');
  return (
    <List
      title="Prospects"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search prospects" />]}
      queryOptions={queryOptions}
      error={<ListError message="Failed to load prospects. Please try again." />}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label="Name" />
        <EmailField source="email" label="Email" />
        <TextField source="phone" label="Phone" emptyText="—" />
        <TextField source="company_name" label="Company" />
        <TextField source="status" label="Status" />
        <DateField source="created_at" label="Received" showTime locales="en-US" />
      </Datagrid>
    </List>
  );
}
