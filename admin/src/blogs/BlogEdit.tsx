/** /admin/blogs/{id}: edit a post (same form and rules), or delete it after confirmation. */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useGetOne, useNotify } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { apiFetch } from '../api.ts';
import { ConfirmDialog } from '../shared/Confirm.tsx';
import { BlogForm, toBlogBody, type BlogValues } from './BlogForm.tsx';

interface BlogRecord {
  id: string;
  title: string;
  slug: string;
  summary: string | null;
  author: string | null;
  image_url: string | null;
  tags: string[];
  status: 'published' | 'draft';
  content: string;
}

export function BlogEdit() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const { data, isPending, error } = useGetOne<BlogRecord>(
    'blogs',
    { id },
    { retry: false, onError: () => undefined },
  );
  if (isPending)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading post" />
      </Box>
    );
  if (error || !data) {
    return (
      <Box sx={{ py: 4 }}>
        <Alert severity="warning" role="alert">
          Blog post not found
        </Alert>
        <Button component={Link} to="/blogs" sx={{ mt: 2 }}>
          Back to posts
        </Button>
      </Box>
    );
  }
  const initial: BlogValues = {
    title: data.title,
    slug: data.slug,
    summary: data.summary ?? '',
    author: data.author ?? '',
    image_url: data.image_url ?? '',
    tags: data.tags.join(', '),
    status: data.status,
    content: data.content,
  };
  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <BlogForm
        initial={initial}
        submitLabel="Save Post"
        busyLabel="Saving..."
        onCancel={() => navigate('/blogs')}
        onSubmit={async (values) => {
          try {
            await apiFetch(`/api/admin/blogs/${data.id}`, { method: 'PUT', body: toBlogBody(values) });
          } catch (err) {
            notify('Error updating blog post', { type: 'error' });
            throw err;
          }
          notify('Blog post updated successfully', { type: 'success' });
          navigate('/blogs');
        }}
        extraActions={
          <Button color="error" onClick={() => setConfirm(true)}>
            Delete
          </Button>
        }
      />
      <ConfirmDialog
        open={confirm}
        title="Delete blog post?"
        confirmLabel="Delete"
        danger
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          try {
            await apiFetch(`/api/admin/blogs/${data.id}`, { method: 'DELETE' });
            notify('Blog post deleted successfully', { type: 'success' });
            navigate('/blogs');
          } catch {
            notify('Error deleting blog post', { type: 'error' });
            setConfirm(false);
          }
        }}
      >
        "{data.title}" will be removed from the public blog.
      </ConfirmDialog>
    </Box>
  );
}
