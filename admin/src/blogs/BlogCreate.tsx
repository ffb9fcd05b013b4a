/**
 * /admin/blog: the create form (react-admin <Create> + <SimpleForm>). Success: 'Blog post created
 * successfully!' and the console's post list, where the new post is (with its public link); a
 * failure: 'Error creating blog post' (and the field's own message when the server names one).
 */
import { Create, useNotify, useRedirect } from 'react-admin';
import { BlogForm, toBlogBody } from './BlogForm.tsx';

export function BlogCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      resource="blogs"
      transform={toBlogBody}
      mutationOptions={{
        onSuccess: () => {
          notify('console.blog.created', { type: 'success' });
          redirect('list', 'blogs');
        },
        onError: () => notify('console.blog.create_failed', { type: 'error' }),
      }}
      sx={{ py: 2 }}
    >
      <BlogForm mode="create" />
    </Create>
  );
}
