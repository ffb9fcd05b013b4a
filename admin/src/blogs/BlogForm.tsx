/**
 * The blog post form (spec §2 "Blog creation form", §5): Post Title, URL Slug (generated from the
 * title with core/slug.ts, still editable), Summary, Author, Featured Image URL (validated), Tags
 * (comma-separated, trimmed), Status (Published/Draft), Content (HTML, 12 rows).
 */
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { parseTags, slugify } from '../../../core/slug.ts';
import { ApiError } from '../api.ts';

export interface BlogValues {
  title: string;
  slug: string;
  summary: string;
  author: string;
  image_url: string;
  tags: string;
  status: 'published' | 'draft';
  content: string;
}

export const EMPTY_BLOG: BlogValues = {
  title: '',
  slug: '',
  summary: '',
  author: '',
  image_url: '',
  tags: '',
  status: 'published',
  content: '',
};

export const BLOG_FORM_MESSAGES = {
  title: 'Title is required',
  slug: 'Slug is required',
  content: 'Content is required',
  image: 'Image URL must be a valid URL',
};

type Errors = Partial<Record<keyof BlogValues, string>>;

function validImageUrl(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export function validateBlog(v: BlogValues): Errors {
  const e: Errors = {};
  if (!v.title.trim()) e.title = BLOG_FORM_MESSAGES.title;
  if (!v.slug.trim()) e.slug = BLOG_FORM_MESSAGES.slug;
  if (!v.content.trim()) e.content = BLOG_FORM_MESSAGES.content;
  if (v.image_url.trim() && !validImageUrl(v.image_url.trim())) e.image_url = BLOG_FORM_MESSAGES.image;
  return e;
}

export function toBlogBody(v: BlogValues) {
  return {
    title: v.title.trim(),
    slug: v.slug.trim(),
    summary: v.summary.trim() || null,
    author: v.author.trim() || null,
    image_url: v.image_url.trim() || null,
    tags: parseTags(v.tags),
    status: v.status,
    content: v.content,
  };
}

export function BlogForm(props: {
  initial: BlogValues;
  submitLabel: string;
  busyLabel: string;
  onSubmit(values: BlogValues): Promise<void>;
  onCancel(): void;
  extraActions?: ReactNode;
}) {
  const [values, setValues] = useState<BlogValues>(props.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof BlogValues, value: string) => {
    setValues((v) =>
      key === 'title' ? { ...v, title: value, slug: slugify(value) } : { ...v, [key]: value },
    );
    setErrors((x) => ({ ...x, [key]: undefined, ...(key === 'title' ? { slug: undefined } : {}) }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateBlog(values);
    setErrors(found);
    setDetail(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await props.onSubmit(values);
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      if (field && field in values) setErrors({ [field]: (err as Error).message });
      else setDetail(err instanceof ApiError && err.status ? err.message : null);
    }
    setBusy(false);
  }

  const field = (
    key: keyof BlogValues,
    label: string,
    { helperText, ...extra }: Record<string, unknown> = {},
  ) => (
    <TextField
      name={key}
      label={label}
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? (helperText as string | undefined)}
      fullWidth
      margin="dense"
      {...extra}
    />
  );

  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Blog post">
          {detail ? (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {detail}
            </Alert>
          ) : null}
          {field('title', 'Post Title', { required: true })}
          {field('slug', 'URL Slug', {
            required: true,
            helperText: 'Generated from the title; you can edit it.',
          })}
          {field('summary', 'Summary', { multiline: true, minRows: 2 })}
          {field('author', 'Author')}
          {field('image_url', 'Featured Image URL', { type: 'url', helperText: 'https://…' })}
          {field('tags', 'Tags', { helperText: 'Comma-separated, e.g. xero, cash flow' })}
          <TextField
            select
            name="status"
            label="Status"
            value={values.status}
            onChange={(e) => set('status', e.target.value)}
            margin="dense"
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="published">Published</MenuItem>
            <MenuItem value="draft">Draft</MenuItem>
          </TextField>
          {field('content', 'Content (HTML)', {
            required: true,
            multiline: true,
            rows: 12,
            slotProps: { htmlInput: { style: { fontFamily: 'monospace' } } },
          })}
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button onClick={props.onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? props.busyLabel : props.submitLabel}
            </Button>
            {props.extraActions}
          </Box>
        </form>
      </CardContent>
    </Card>
  );
}
