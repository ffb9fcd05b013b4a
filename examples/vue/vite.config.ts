import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      // <invoice-pay> is a custom element, not a Vue component: leave it to the browser.
      template: { compilerOptions: { isCustomElement: (tag) => tag === 'invoice-pay' } },
    }),
  ],
});
