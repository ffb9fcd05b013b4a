/** The invoices resource: the list at /admin/invoices, the invoice page at /admin/invoices/{id}. */
import ReceiptIcon from '@mui/icons-material/Receipt';
import { InvoiceList } from './InvoiceList.tsx';
import { InvoicePage } from './InvoicePage.tsx';

export default {
  list: InvoiceList,
  // react-admin's /:id route: the invoice page.
  edit: InvoicePage,
  icon: ReceiptIcon,
  recordRepresentation: 'invoice_number',
};
