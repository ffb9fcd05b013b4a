/** The audit-log resource: the console's read-only list of admin actions at /admin/audit-log. */
import AuditIcon from '@mui/icons-material/History';
import { AuditLogList } from './AuditLogList.tsx';

export default { list: AuditLogList, icon: AuditIcon };
