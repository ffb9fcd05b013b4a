/** The blogs resource: list at /admin/blogs, edit at /admin/blogs/{id}; create at /admin/blog (the spec's URL, a custom route) and /admin/blogs/create. */
import ArticleIcon from '@mui/icons-material/Article';
import { BlogCreate } from './BlogCreate.tsx';
import { BlogEdit } from './BlogEdit.tsx';
import { BlogList } from './BlogList.tsx';

export default {
  list: BlogList,
  create: BlogCreate,
  edit: BlogEdit,
  icon: ArticleIcon,
  recordRepresentation: 'title',
};
