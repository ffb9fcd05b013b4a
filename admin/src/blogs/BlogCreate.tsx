/** /admin/blog: the create form. Success: 'Blog post created successfully!', then the public /blog (a full page load). */
import { Box } from '@mui/material';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { apiFetch } from '../api.ts';
import { BlogForm, EMPTY_BLOG, toBlogBody } from './BlogForm.tsx';

export const BLOG_CREATED = 'Blog post created successfully!';
export const BLOG_CREATE_FAILED = 'Error creating blog post';
/** Long enough to read the toast before the public blog loads. */
const NAVIGATE_AFTER_MS = 1200;

export function BlogCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <BlogForm
        initial={EMPTY_BLOG}
        submitLabel="Create Post"
        busyLabel="Creating..."
        onCancel={() => navigate('/blogs')}
        onSubmit={async (values) => {
          try {
            await apiFetch('/api/admin/blogs', { method: 'POST', body: toBlogBody(values) });
          } catch (err) {
            notify(BLOG_CREATE_FAILED, { type: 'error' });
            throw err;
          }
          notify(BLOG_CREATED, { type: 'success' });
          await new Promise((r) => setTimeout(r, NAVIGATE_AFTER_MS));
          window.location.assign('/blog');
        }}
      />
    </Box>
  );
}
