/**
 * /admin/blogs/{id}: edit a post (react-admin <Edit> + <SimpleForm>, same rules as create). Saving
 * and deleting are undoable: the notice offers Undo for its 5 seconds, and the change is sent when
 * it closes.
 */
import { Edit, useNotify, useRedirect } from 'react-admin';
import { BlogForm, toBlogBody } from './BlogForm.tsx';

export function BlogEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource="blogs"
      mutationMode="undoable"
      transform={toBlogBody}
      mutationOptions={{
        onSuccess: () => {
          notify('console.blog.updated', { type: 'info', undoable: true });
          redirect('list', 'blogs');
        },
        onError: () => notify('console.blog.update_failed', { type: 'error' }),
      }}
      sx={{ py: 2 }}
    >
      <BlogForm mode="edit" />
    </Edit>
  );
}
