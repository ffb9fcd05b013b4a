/** The blogs resource: list at /admin/blogs, edit at /admin/blogs/{id}; create lives at /admin/blog (custom route). */
import ArticleIcon from '@mui/icons-material/Article';
import { BlogEdit } from './BlogEdit.tsx';
import { BlogList } from './BlogList.tsx';

export default { list: BlogList, edit: BlogEdit, icon: ArticleIcon, recordRepresentation: 'title' };
