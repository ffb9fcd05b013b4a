/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_INVOICE_PAY_API: string;
  readonly VITE_INVOICE_PAY_MERCHANT: string;
}
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
