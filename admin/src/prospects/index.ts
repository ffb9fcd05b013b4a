/** The prospects resource: contact-form enquiries from the landing page, at /admin/prospects. */
import PeopleIcon from '@mui/icons-material/People';
import { ProspectList } from './ProspectList.tsx';

export default { list: ProspectList, icon: PeopleIcon };
