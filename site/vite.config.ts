import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The public site: React SPA at `/`, built to dist/site. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [
    react(),
    {
      // Dev server: the hosted pay page is its own HTML entry (the API server does this in production).
      name: 'pay-page-entry',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url && /^\/pay(\/|\?|$)/.test(req.url))
            req.url = `/pay.html${req.url.replace(/^\/pay[^?]*/, '')}`;
          next();
        });
      },
    },
  ],
  build: {
    outDir: fileURLToPath(new URL('../dist/site', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The hosted pay page is a second, lean entry: pay.html loads the widget script, not the SPA.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        pay: fileURLToPath(new URL('./pay.html', import.meta.url)),
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/widget': 'http://127.0.0.1:8787' } },
});
