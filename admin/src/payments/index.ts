/** The payments resource: list at /admin/payments, the payment page at /admin/payments/{id}. */
import PaymentIcon from '@mui/icons-material/Payment';
import { PaymentDetails } from './PaymentDetails.tsx';
import { PaymentList } from './PaymentList.tsx';

export default {
  list: PaymentList,
  // react-admin's /:id route: the spec's payment page.
  edit: PaymentDetails,
  icon: PaymentIcon,
  recordRepresentation: 'invoice_number',
};
