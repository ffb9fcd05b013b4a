/** Widget entry: registers `<invoice-pay>` once, even if the script is included twice. */
import { defineInvoicePay } from './element.tsx';

defineInvoicePay();

export { defineInvoicePay };
