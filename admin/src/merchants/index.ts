/** The merchants resource: list at /admin/merchants, Merchant Details at /admin/merchants/{id}. */
import StoreIcon from '@mui/icons-material/Store';
import { MerchantDetails } from './MerchantDetails.tsx';
import { MerchantList } from './MerchantList.tsx';

export default {
  list: MerchantList,
  // react-admin's /:id route is the edit route: Merchant Details (view and edit in place) lives there.
  edit: MerchantDetails,
  icon: StoreIcon,
  recordRepresentation: 'business_name',
};
