/** The API keys resource: list (with create and revoke) at /admin/api-keys. */
import KeyIcon from '@mui/icons-material/Key';
import { ApiKeyList } from './ApiKeyList.tsx';

export default {
  list: ApiKeyList,
  icon: KeyIcon,
  recordRepresentation: 'name',
};
