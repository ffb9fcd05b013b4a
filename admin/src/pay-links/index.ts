/** The pay links resource: list (with create and cancel) at /admin/pay-links. */
import SendIcon from '@mui/icons-material/Send';
import { PayLinkList } from './PayLinkList.tsx';

export default {
  list: PayLinkList,
  icon: SendIcon,
  recordRepresentation: 'invoice_number',
};
