/**
 * /admin/blogs: every post, published or draft, each with its public page; a link to the create
 * form at /admin/blog; delete the selected posts (undoable). A SimpleList on phones.
 */
import AddIcon from '@mui/icons-material/Add';
import { Button, Link as MuiLink } from '@mui/material';
import { BulkDeleteButton, DataTable, SearchInput, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ConsoleList } from '../shared/ConsoleList.tsx';
import { shortDate } from '../shared/format.ts';
import { ResponsiveList } from '../shared/responsive.tsx';
import { StatusChip } from '../shared/StatusChip.tsx';

interface BlogRow {
  id: string;
  title: string;
  slug: string;
  author: string | null;
  status: string;
  published_at: string | null;
}

const statusChip = (r: BlogRow) => (
  <StatusChip status={r.status} tone={r.status === 'published' ? 'success' : 'default'} />
);

function PublicLink({ record }: { record: BlogRow }) {
  const translate = useTranslate();
  if (record.status !== 'published') return <>—</>;
  return (
    <MuiLink
      href={`/blog/${encodeURIComponent(record.slug)}`}
      target="_blank"
      rel="noopener"
      onClick={(e) => e.stopPropagation()}
      aria-label={translate('console.blog.view_named', { title: record.title })}
    >
      {translate('console.blog.view')}
    </MuiLink>
  );
}

export function BlogList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.blog.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="console.blog.fields.status"
      choices={[
        { id: 'published', name: 'console.blog.published' },
        { id: 'draft', name: 'console.blog.draft' },
      ]}
      alwaysOn
    />,
  ];
  return (
    <ConsoleList
      title="console.titles.blogs"
      loadFailed="console.blog.load_failed"
      filters={filters}
      exporter={false}
      extraActions={
        <Button variant="contained" startIcon={<AddIcon />} component={Link} to="/blog">
          {translate('console.blog.create')}
        </Button>
      }
    >
      <ResponsiveList
        phone={
          <SimpleList<BlogRow>
            primaryText={(r) => r.title}
            secondaryText={(r) =>
              [r.author, shortDate(r.published_at)].filter((x) => x && x !== '—').join(' · ')
            }
            tertiaryText={(r) =>
              translate(r.status === 'published' ? 'console.blog.published' : 'console.blog.draft')
            }
            rowClick="edit"
          />
        }
        wide={
          <DataTable<BlogRow>
            rowClick="edit"
            bulkActionButtons={<BulkDeleteButton mutationMode="undoable" />}
          >
            <DataTable.Col source="title" label="console.blog.fields.title" />
            <DataTable.Col source="slug" label="console.blog.fields.slug" />
            <DataTable.Col
              source="author"
              label="console.blog.fields.author"
              render={(r) => r.author || '—'}
            />
            <DataTable.Col source="status" label="console.blog.fields.status" render={statusChip} />
            <DataTable.Col
              source="published_at"
              label="console.blog.fields.published_at"
              render={(r) => shortDate(r.published_at)}
            />
            <DataTable.Col
              label="console.blog.public_page"
              disableSort
              render={(r) => <PublicLink record={r as BlogRow} />}
            />
          </DataTable>
        }
      />
    </ConsoleList>
  );
}
