/**
 * The blog post form (spec §2 "Blog creation form", §5) as react-admin's <SimpleForm>: Post Title,
 * URL Slug (generated from the title while creating, still editable), Summary, Author, Featured
 * Image URL (validated), Tags (comma-separated, trimmed), Status (Published/Draft), Content (HTML,
 * 12 rows). Cancel and the save button (its label while saving is the spec's "Creating..."); the
 * edit form adds Delete (undoable). A server refusal that names a field (a taken slug) shows on it.
 */
import { Box, Button } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import {
  DeleteButton,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useRedirect,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { parseTags, slugify } from '../../../core/slug.ts';
import { isHttpUrl } from '../merchants/validation.ts';

interface BlogRecord {
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  author: string | null;
  image_url: string | null;
  tags: string[] | string;
  status: 'published' | 'draft';
  content: string;
  published_at?: string | null;
}

/** What the API takes (only these fields: the server refuses unknown ones). */
export function toBlogBody(v: Partial<BlogRecord>) {
  const text = (x: string | null | undefined) => (x ?? '').trim();
  return {
    title: text(v.title),
    slug: text(v.slug),
    summary: text(v.summary) || null,
    author: text(v.author) || null,
    image_url: text(v.image_url) || null,
    tags: Array.isArray(v.tags) ? v.tags : parseTags(v.tags ?? ''),
    status: v.status ?? 'published',
    content: v.content ?? '',
  };
}

const imageUrl = (value: string | null | undefined) =>
  value && value.trim() && !isHttpUrl(value.trim()) ? 'console.blog.validation.image' : undefined;

/** The title; while creating, typing it writes the slug (which stays editable). */
function TitleInput({ autoSlug }: { autoSlug: boolean }) {
  const { setValue } = useFormContext();
  return (
    <TextInput
      source="title"
      label="console.blog.fields.title"
      validate={required('console.blog.validation.title')}
      onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
        // Validated as it fills in, so a "Slug is required" shown earlier goes away.
        if (autoSlug) setValue('slug', slugify(e.target.value), { shouldDirty: true, shouldValidate: true });
      }}
    />
  );
}

function BlogToolbar({ mode }: { mode: 'create' | 'edit' }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { saving } = useSaveContext();
  const label =
    mode === 'create'
      ? saving
        ? 'console.blog.creating'
        : 'console.blog.create'
      : saving
        ? 'console.common.saving'
        : 'console.blog.save';
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button onClick={() => redirect('list', 'blogs')} disabled={saving}>
        {translate('ra.action.cancel')}
      </Button>
      <SaveButton label={label} alwaysEnable />
      {mode === 'edit' ? (
        <Box sx={{ ml: 'auto' }}>
          <DeleteButton mutationMode="undoable" redirect="list" />
        </Box>
      ) : null}
    </Toolbar>
  );
}

export function BlogForm({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <SimpleForm
      toolbar={<BlogToolbar mode={mode} />}
      defaultValues={mode === 'create' ? { status: 'published', tags: '' } : undefined}
      sx={{ maxWidth: 900 }}
    >
      <TitleInput autoSlug={mode === 'create'} />
      <TextInput
        source="slug"
        label="console.blog.fields.slug"
        validate={required('console.blog.validation.slug')}
        helperText="console.blog.slug_help"
      />
      <TextInput source="summary" label="console.blog.fields.summary" multiline minRows={2} />
      <TextInput source="author" label="console.blog.fields.author" />
      <TextInput
        source="image_url"
        label="console.blog.fields.image_url"
        type="url"
        validate={imageUrl}
        placeholder="https://…"
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextInput
        source="tags"
        label="console.blog.fields.tags"
        helperText="console.blog.tags_help"
        format={(v: string[] | string | null | undefined) => (Array.isArray(v) ? v.join(', ') : (v ?? ''))}
        parse={(v: string) => v}
      />
      <SelectInput
        source="status"
        label="console.blog.fields.status"
        choices={[
          { id: 'published', name: 'console.blog.published' },
          { id: 'draft', name: 'console.blog.draft' },
        ]}
        validate={required()}
        sx={{ minWidth: 200 }}
        fullWidth={false}
      />
      <TextInput
        source="content"
        label="console.blog.fields.content"
        validate={required('console.blog.validation.content')}
        multiline
        rows={12}
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
      />
    </SimpleForm>
  );
}
