/** /admin/blogs: every post, published or draft, with a link to the create form at /admin/blog. */
import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar } from 'react-admin';
import { Link } from 'react-router-dom';
import { ListError, useListErrorOptions } from '../shared/ListError.tsx';
import { shortDate } from '../shared/format.ts';
import { StatusChip } from '../shared/StatusChip.tsx';

export function BlogList() {
  const queryOptions = useListErrorOptions('Failed to load blog posts. Please try again.');
  return (
    <List
      title="Blog Posts"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Search posts" />,
        <SelectInput
          key="status"
          source="status"
          choices={[
            { id: 'published', name: 'Published' },
            { id: 'draft', name: 'Draft' },
          ]}
          alwaysOn
        />,
      ]}
      actions={
        <TopToolbar>
          <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/blog">
            Create Post
          </Button>
        </TopToolbar>
      }
      queryOptions={queryOptions}
      error={<ListError message="Failed to load blog posts. Please try again." />}
      empty={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Title" />
        <TextField source="slug" label="Slug" />
        <TextField source="author" label="Author" emptyText="—" />
        <FunctionField
          label="Status"
          sortBy="status"
          render={(r: { status: string }) => (
            <StatusChip status={r.status} tone={r.status === 'published' ? 'success' : 'default'} />
          )}
        />
        <FunctionField
          label="Published"
          sortBy="published_at"
          render={(r: { published_at: string | null }) => shortDate(r.published_at)}
        />
      </Datagrid>
    </List>
  );
}
