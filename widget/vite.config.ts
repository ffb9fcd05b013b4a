import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The `<invoice-pay>` web component. Two builds into dist/widget:
 * - `invoice-pay.js`: one classic script with React bundled (WIDGET_FORMAT=iife, the default);
 *   Stripe Elements are inlined (an IIFE cannot split), and Stripe.js itself still comes from
 *   js.stripe.com only when a merchant is in Stripe mode;
 * - `invoice-pay.esm.js`: an ES module with React external, for React hosts (WIDGET_FORMAT=es);
 *   the Stripe card box is a separate chunk loaded only in Stripe mode.
 * Both ship `invoice-pay.d.ts` (JSX IntrinsicElements for TSX hosts).
 */
const format = process.env.WIDGET_FORMAT === 'es' ? 'es' : 'iife';

const declarations = (): Plugin => ({
  name: 'invoice-pay-declarations',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'invoice-pay.d.ts',
      source: readFileSync(fileURLToPath(new URL('./invoice-pay.d.ts', import.meta.url)), 'utf8'),
    });
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), declarations()],
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __WIDGET_ESM__: JSON.stringify(format === 'es'),
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/widget', import.meta.url)),
    emptyOutDir: format === 'iife',
    target: 'es2020',
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      name: 'InvoicePayWidget',
      formats: [format],
      fileName: () => (format === 'es' ? 'invoice-pay.esm.js' : 'invoice-pay.js'),
    },
    rollupOptions:
      format === 'es'
        ? {
            external: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'],
            output: { chunkFileNames: 'invoice-pay-[name]-[hash].js' },
          }
        : {},
  },
});
