import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { withPayPagePreloads, type WidgetManifest } from '../scripts/widget-release.ts';

const WIDGET_MANIFEST = fileURLToPath(new URL('../dist/widget/manifest.json', import.meta.url));

/** The public site: React SPA at `/`, built to dist/site. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [
    react(),
    {
      // The hosted pay page preloads the widget's flow (its content-hashed files, from the widget
      // build's manifest), so it downloads while the page parses (scripts/widget-release.ts).
      name: 'pay-page-preloads',
      transformIndexHtml: {
        order: 'post',
        handler(html, ctx) {
          if (!ctx.filename.endsWith('pay.html') || !existsSync(WIDGET_MANIFEST)) return html;
          return withPayPagePreloads(
            html,
            JSON.parse(readFileSync(WIDGET_MANIFEST, 'utf8')) as WidgetManifest,
          );
        },
      },
    },
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
