// <invoice-pay> in templates: its attributes and @invoice-pay:* events, typed by the package
// (installed from your InvoicePay server), for vue-tsc.
import type {} from 'invoice-pay/vue';
