import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The `<invoice-pay>` web component. Two builds into dist/widget:
 * - `invoice-pay.js`: one classic script with React bundled (WIDGET_FORMAT=iife, the default);
 * - `invoice-pay.esm.js`: an ES module with React external, for React hosts (WIDGET_FORMAT=es).
 */
const format = process.env.WIDGET_FORMAT === 'es' ? 'es' : 'iife';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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
      format === 'es' ? { external: ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'] } : {},
  },
});
