/**
 * Every code of the console's Embed panel (admin/src/merchants/embed-snippets.ts), with the invoice's
 * amount and without it, pasted as-is into a fresh project of its kind and paid in Chromium from
 * another origin than the API:
 *  - HTML (the script tag, and the pinned build with SRI): a page holding the code;
 *  - React JSX and TSX: a fresh Vite app (`invoice-pay` installed from the tarball URL the code's
 *    comment names; the TSX one type-checked), the code saved as PayInvoice.jsx / .tsx;
 *  - Vue: a fresh Vite + Vue app with the plugin's defaults (no custom-element option), the code saved
 *    as PayInvoice.vue, type-checked with vue-tsc;
 *  - WordPress: the shortcode and the Custom HTML block rendered by the plugin (PHP), the shortcode
 *    without an amount reading the invoice from the page's link.
 * With the amount, the form opens on it and the customer pays it all; without, the customer is asked
 * for an amount first and types 100.00. Each variant pays a fresh merchant's invoice INV-0042.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embedSnippets,
  EXAMPLE_INVOICE,
  type Snippet,
  type SnippetKind,
  type WidgetManifest,
} from '../../admin/src/merchants/embed-snippets.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { eventsOf, payInWidget, recordEvents, serveExample, type ExampleHost } from './support/examples.ts';
import { createConnectedMerchant, waitForForm, widget } from './support/pay-fixtures.ts';
import { freshProject, installPackageTarball, removeProjects, run, viteBuild } from './support/projects.ts';
import { startServer, type RunningServer } from './support/server.ts';

const VARIANTS = [
  { name: 'fixed', fixedAmount: true },
  { name: 'typed', fixedAmount: false },
] as const;

describe('console embed codes, each pasted into a fresh project and paid', () => {
  let server: RunningServer;
  let browser: Browser;
  let manifest: WidgetManifest;
  const hosts: ExampleHost[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    manifest = (await fetch(`${server.baseUrl}/widget/manifest.json`).then((r) =>
      r.json(),
    )) as WidgetManifest;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all(hosts.map((h) => h.close()));
    removeProjects();
  });

  /** A fresh merchant's code of `kind` (with or without the amount). */
  function codeFor(kind: SnippetKind, fixedAmount: boolean) {
    const merchant = createConnectedMerchant(server);
    const all = embedSnippets({ id: merchant.id, country: 'AU', payment_url: '' }, server.baseUrl, manifest, {
      fixedAmount,
    });
    const snippet = all.find((s) => s.kind === kind) as Snippet;
    expect(snippet, kind).toBeDefined();
    return { merchant, code: snippet.code };
  }

  /** Open `url`, pay (all of 1,250.00 with the amount; a typed 100.00 without) and check the event. */
  async function pay(url: string, fixedAmount: boolean) {
    const page: Page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    await recordEvents(page);
    await page.goto(url);
    const w = widget(page);
    if (!fixedAmount) {
      // No amount in the code: the customer is asked for one first (spec: manual amount entry).
      await w.getByLabel('Please enter the amount you would like to pay').fill('100.00');
      await w.getByRole('button', { name: 'Use This Amount' }).click();
    }
    await waitForForm(w);
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe(
      fixedAmount ? '1250.00' : '100.00',
    );
    await payInWidget(w);
    await expect
      .poll(async () => (await eventsOf(page)).find((e) => e.type === 'invoice-pay:payment')?.detail)
      .toMatchObject({ invoice: EXAMPLE_INVOICE, amount: fixedAmount ? 125000 : 10000, currency: 'AUD' });
    expect(errors).toEqual([]);
    await page.close();
  }

  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay an invoice</title></head><body>\n${body}\n</body></html>`;

  it('HTML: the script tag and the pinned build, pasted into a page', async () => {
    const pages: Record<string, string> = {};
    const runs: Array<{ path: string; fixedAmount: boolean }> = [];
    for (const kind of ['script', 'pinned'] as const)
      for (const v of VARIANTS) {
        const path = `/${kind}-${v.name}.html`;
        pages[path] = page(codeFor(kind, v.fixedAmount).code);
        runs.push({ path, fixedAmount: v.fixedAmount });
      }
    const host = await serveExample('examples/html', undefined, pages);
    hosts.push(host);
    for (const r of runs) await pay(`${host.url}${r.path}`, r.fixedAmount);
  });

  /** A fresh Vite app rendering the fixed and the typed code (each in its own file) by `?variant=`. */
  async function reactApp(ext: 'jsx' | 'tsx') {
    const files: Record<string, string> = {};
    for (const v of VARIANTS) files[`src/${v.name}/PayInvoice.${ext}`] = codeFor(ext, v.fixedAmount).code;
    const install = files[`src/fixed/PayInvoice.${ext}`]!.split('\n')[0]!;
    expect(install).toBe(`// npm install ${server.baseUrl}${manifest.package!.path}`);
    const dir = freshProject(`embed-${ext}`, {
      ...files,
      'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title></head><body><div id="root"></div><script type="module" src="/src/main.${ext}"></script></body></html>`,
      'vite.config.js': `import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\nexport default defineConfig({ plugins: [react()] });\n`,
      [`src/main.${ext}`]: [
        `import { createRoot } from 'react-dom/client';`,
        `import { PayInvoice as Fixed } from './fixed/PayInvoice.${ext}';`,
        `import { PayInvoice as Typed } from './typed/PayInvoice.${ext}';`,
        `const fixed = new URLSearchParams(location.search).get('variant') === 'fixed';`,
        `createRoot(document.getElementById('root')${ext === 'tsx' ? '!' : ''}).render(`,
        `  fixed ? <Fixed invoice="${EXAMPLE_INVOICE}" amountDue="1,250.00" /> : <Typed invoice="${EXAMPLE_INVOICE}" />,`,
        `);`,
      ].join('\n'),
      ...(ext === 'tsx'
        ? {
            // Vite's react-ts template's settings.
            'tsconfig.json': JSON.stringify({
              compilerOptions: {
                target: 'ES2022',
                lib: ['ES2023', 'DOM', 'DOM.Iterable'],
                module: 'ESNext',
                moduleResolution: 'Bundler',
                allowImportingTsExtensions: true,
                jsx: 'react-jsx',
                strict: true,
                noEmit: true,
                isolatedModules: true,
                skipLibCheck: true,
                types: ['vite/client'],
              },
              include: ['src'],
            }),
          }
        : {}),
    });
    await installPackageTarball(server, dir);
    return dir;
  }

  async function payInBuiltApp(dir: string) {
    viteBuild(dir, {});
    const host = await serveExample(join(dir, 'dist'));
    hosts.push(host);
    for (const v of VARIANTS) await pay(`${host.url}/?variant=${v.name}`, v.fixedAmount);
  }

  it('React JSX: saved as PayInvoice.jsx in a fresh Vite app, builds and pays', async () => {
    await payInBuiltApp(await reactApp('jsx'));
  });

  it('React TSX: saved as PayInvoice.tsx in a fresh Vite app, type-checks, builds and pays', async () => {
    const dir = await reactApp('tsx');
    run(dir, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    await payInBuiltApp(dir);
  });

  it('Vue: saved as PayInvoice.vue in a fresh Vite + Vue app with the defaults, type-checks, builds and pays', async () => {
    const files: Record<string, string> = {};
    for (const v of VARIANTS) files[`src/${v.name}/PayInvoice.vue`] = codeFor('vue', v.fixedAmount).code;
    const dir = freshProject('embed-vue', {
      ...files,
      'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title></head><body><div id="app"></div><script type="module" src="/src/main.ts"></script></body></html>`,
      'vite.config.ts': `import vue from '@vitejs/plugin-vue';\nimport { defineConfig } from 'vite';\nexport default defineConfig({ plugins: [vue()] });\n`,
      'src/env.d.ts': `/// <reference types="vite/client" />\n`,
      'src/main.ts': [
        `import { createApp, h } from 'vue';`,
        `import Fixed from './fixed/PayInvoice.vue';`,
        `import Typed from './typed/PayInvoice.vue';`,
        `const fixed = new URLSearchParams(location.search).get('variant') === 'fixed';`,
        `createApp({`,
        `  render: () => (fixed ? h(Fixed, { invoice: '${EXAMPLE_INVOICE}', amountDue: '1,250.00' }) : h(Typed, { invoice: '${EXAMPLE_INVOICE}' })),`,
        `}).mount('#app');`,
      ].join('\n'),
      // create-vue's settings.
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          strict: true,
          noEmit: true,
          isolatedModules: true,
          skipLibCheck: true,
          jsx: 'preserve',
          types: ['vite/client'],
        },
        include: ['src/**/*.ts', 'src/**/*.vue'],
      }),
    });
    await installPackageTarball(server, dir);
    run(dir, [join(dir, 'node_modules/vue-tsc/bin/vue-tsc.js'), '--noEmit', '-p', 'tsconfig.json']);
    await payInBuiltApp(dir);
  });

  it('WordPress: the shortcode and the Custom HTML block, rendered by the plugin', async () => {
    // As WordPress renders a page for a request: the shortcodes see that request's query.
    const render = (content: string, query: Record<string, string>) =>
      execFileSync(
        'php',
        [
          'examples/wordpress/test/render.php',
          JSON.stringify({ options: { invoice_pay_origin: server.baseUrl }, query, content }),
        ],
        { encoding: 'utf8' },
      );
    const pages: Record<string, string> = {};
    const runs: Array<{ url: string; fixedAmount: boolean }> = [];
    for (const kind of ['wordpress', 'wordpress_block'] as const)
      for (const v of VARIANTS) {
        const path = `/${kind}-${v.name}/`;
        // The shortcode without an amount reads the invoice from the page's link (Xero's Pay now,
        // here without an amount: the customer types it).
        const query: Record<string, string> =
          kind === 'wordpress' && !v.fixedAmount ? { INVOICENUMBER: EXAMPLE_INVOICE } : {};
        pages[path] = render(codeFor(kind, v.fixedAmount).code, query);
        expect(pages[path], `${kind} ${v.name}`).toContain(`invoice="${EXAMPLE_INVOICE}"`);
        runs.push({ url: `${path}?${new URLSearchParams(query)}`, fixedAmount: v.fixedAmount });
      }
    const host = await serveExample('examples/wordpress', undefined, pages);
    hosts.push(host);
    for (const r of runs) await pay(`${host.url}${r.url}`, r.fixedAmount);
  });
});
