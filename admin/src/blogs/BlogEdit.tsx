/**
 * /admin/blogs/{id}: edit a post (react-admin <Edit> + <SimpleForm>, same rules as create). Saving
 * is pessimistic: the change is sent at once and the list shows it after the server took it — an
 * undoable save waited 5 s for its Undo and was lost when the tab closed meanwhile (issue 36 item
 * 3). Deleting stays undoable (a delete lost that way leaves the post, which is seen and safe).
 */
import { Edit, useNotify, useRedirect } from 'react-admin';
import { BlogForm, toBlogBody } from './BlogForm.tsx';

export function BlogEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource="blogs"
      mutationMode="pessimistic"
      transform={toBlogBody}
      mutationOptions={{
        onSuccess: () => {
          notify('console.blog.updated', { type: 'info' });
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
