/**
 * The React (TSX) and Vue examples, built as an agency would build them (a copy of the example out
 * of the repository, `vite build` with its environment variables), served from another origin than
 * the API, and a sandbox payment completed in Chromium; the app's own event handlers show the
 * receipt. Each app installs the `invoice-pay` package from the URL its package.json names — the
 * server's `/widget/invoice-pay.tgz`, fetched from the test server and unpacked as npm would, every
 * other package linked offline. The React app type-checks against the package's types (a misspelt
 * event callback and a link without its merchant fail `tsc`) and bundles its ES module, with React
 * 19 and again with React 18; the fetch script that vendors the module without npm checks the
 * manifest's SRI hashes. The Vue app type-checks with vue-tsc against invoice-pay/vue and bundles
 * invoice-pay/element. Fresh projects: a plain TypeScript app with invoice-pay/element (compiled
 * without skipLibCheck and without React types), and an app bundling invoice-pay/standalone.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { money, waitForForm, widget } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';
import {
  demoMerchantId,
  freshInvoice,
  payInWidget,
  serveExample,
  type ExampleHost,
} from './support/examples.ts';
import {
  copyExample,
  freshProject,
  installPackageTarball,
  PACKAGE_URL,
  removeProjects,
  tempDir,
  run,
  viteBuild,
} from './support/projects.ts';

const execFileAsync = promisify(execFile);

describe('examples: React and Vue apps', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchantId: string;
  const hosts: ExampleHost[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchantId = await demoMerchantId(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all(hosts.map((h) => h.close()));
    removeProjects();
  });

  /** Pay 25 % in the built app; `requests` (if given) collects every URL the page asked for. */
  async function payInApp(dist: string, invoice: string, requests?: string[]) {
    const host = await serveExample(dist);
    hosts.push(host);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    if (requests) page.on('request', (r) => requests.push(r.url()));
    const errors = watchErrors(page);
    await page.goto(`${host.url}/?invoice=${invoice}&amount=${encodeURIComponent('1,250.00')}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Invoice ${invoice}`);
    const w = widget(page);
    await waitForForm(w);
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('1250.00');
    await w.getByRole('button', { name: 'Pay 25% of the balance' }).click();
    await payInWidget(w, `Pay ${money(32172)}`); // 312.50 + 2.95 % surcharge
    const receipt = page.locator('.receipt');
    await receipt.waitFor();
    await expect(receipt.textContent()).resolves.toMatch(
      new RegExp(`^\\s*Received A\\$321\\.72 for ${invoice} \\(reference pi_\\w+\\)\\s*$`),
    );
    expect(await page.getByRole('status').filter({ hasText: 'paid in full' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }

  it('React (TSX): installs the package tarball, type-checks (a misspelt event fails), builds with Vite and pays', async () => {
    const dir = copyExample('react');
    await installPackageTarball(server, dir);
    // The React entry is a client boundary: a Server Component (Next.js App Router) may import it.
    expect(readFileSync(join(dir, 'node_modules/invoice-pay/dist/invoice-pay.esm.js'), 'utf8')).toMatch(
      /^["']use client["'];/,
    );
    const tsc = join(dir, 'node_modules/typescript/bin/tsc');
    run(dir, [tsc, '-p', 'tsconfig.json']);
    // The package's types catch a misspelt event callback.
    writeFileSync(
      join(dir, 'src/Misspelt.tsx'),
      `import { InvoicePay } from 'invoice-pay';\nexport const M = () => <InvoicePay merchant="m" invoice="INV-1" onPaymnet={() => {}} />;\n`,
    );
    expect(() => run(dir, [tsc, '-p', 'tsconfig.json'])).toThrow(/onPaymnet/);
    // … and a link without its merchant (or shortcode).
    writeFileSync(
      join(dir, 'src/Misspelt.tsx'),
      `import { InvoicePay } from 'invoice-pay';\nexport const M = () => <><InvoicePay invoice="INV-1" /><invoice-pay merchant="m" /></>;\n`,
    );
    expect(() => run(dir, [tsc, '-p', 'tsconfig.json'])).toThrow(
      /merchant[\s\S]*invoice|invoice[\s\S]*merchant/,
    );
    rmSync(join(dir, 'src/Misspelt.tsx'));
    viteBuild(dir, { VITE_INVOICE_PAY_API: server.baseUrl, VITE_INVOICE_PAY_MERCHANT: merchantId });
    // The app bundles its own React and the widget module; nothing is loaded from the widget's classic script.
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).not.toContain('invoice-pay.js');
    await payInApp(join(dir, 'dist'), freshInvoice('INV-REACT'));
  });

  it('React 18: the same example installs, type-checks against the types of React 18, builds and pays', async () => {
    const dir = copyExample('react');
    // React 18 and its types (a workspace of this repository), in place of the root's React 19.
    await installPackageTarball(server, dir, 'tests/fixtures/react18/node_modules');
    const version = JSON.parse(readFileSync(join(dir, 'node_modules/react/package.json'), 'utf8')).version;
    expect(version).toMatch(/^18\./);
    const pkg = JSON.parse(readFileSync(join(dir, 'node_modules/invoice-pay/package.json'), 'utf8'));
    expect(pkg.peerDependencies).toEqual({ react: '>=18', 'react-dom': '>=18' });
    run(dir, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    viteBuild(dir, { VITE_INVOICE_PAY_API: server.baseUrl, VITE_INVOICE_PAY_MERCHANT: merchantId });
    expect(readdirSync(join(dir, 'dist/assets')).join('\n')).toMatch(/\.js/);
    // The bundle holds React 18's reconciler, not 19's.
    const bundle = readdirSync(join(dir, 'dist/assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, 'dist/assets', f), 'utf8'))
      .join('\n');
    expect(bundle).toContain('18.3.1');
    await payInApp(join(dir, 'dist'), freshInvoice('INV-REACT18'));
  });

  it('invoice-pay/element in a plain TypeScript app: compiles without skipLibCheck or React, bundles and pays', async () => {
    const dir = freshProject('plain-ts', {
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          lib: ['es2023', 'dom', 'dom.iterable'],
          types: [],
          skipLibCheck: false,
          noEmit: true,
        },
        include: ['src'],
      }),
      'index.html':
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title></head>' +
        '<body><h1 id="title"></h1><div id="pay"></div><script type="module" src="/src/main.ts"></script></body></html>',
      'src/main.ts': [
        "import { defineInvoicePay, type InvoicePayEventDetail } from 'invoice-pay/element';",
        'defineInvoicePay(); // a second call is harmless',
        'const params = new URLSearchParams(location.search);',
        "const invoice = params.get('invoice') ?? 'INV-0042';",
        "document.getElementById('title')!.textContent = `Invoice ${invoice}`;",
        "const el = document.createElement('invoice-pay');",
        'el.api = import.meta.env.VITE_API;',
        'el.merchant = import.meta.env.VITE_MERCHANT;',
        'el.invoice = invoice;',
        "el.amount = params.get('amount') ?? undefined;",
        "el.addEventListener('invoice-pay:payment', (e) => {",
        '  const d: InvoicePayEventDetail = e.detail;',
        "  const p = document.createElement('p');",
        "  p.className = 'receipt';",
        '  p.textContent = `Received A$${((d.total ?? 0) / 100).toFixed(2)} for ${d.invoice} (reference ${d.transactionId})`;',
        '  document.body.append(p);',
        '});',
        "document.getElementById('pay')!.append(el);",
        'el.load();',
        '',
      ].join('\n'),
      'src/env.d.ts':
        'interface ImportMeta { readonly env: { readonly VITE_API: string; readonly VITE_MERCHANT: string } }\n',
    });
    await installPackageTarball(server, dir);
    // No React types anywhere in this program: the element's declarations stand alone.
    run(dir, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    viteBuild(dir, { VITE_API: server.baseUrl, VITE_MERCHANT: merchantId });
    await payInApp(join(dir, 'dist'), freshInvoice('INV-PLAIN'));
  });

  it('invoice-pay/standalone bundled into an app loads its pay form from the api server and pays', async () => {
    const dir = freshProject('standalone', {
      'index.html':
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title></head>' +
        '<body><h1 id="title"></h1><div id="pay"></div><script type="module" src="/src/main.js"></script></body></html>',
      'src/main.js': [
        "import 'invoice-pay/standalone';",
        'const params = new URLSearchParams(location.search);',
        "const invoice = params.get('invoice');",
        "document.getElementById('title').textContent = `Invoice ${invoice}`;",
        "const el = document.createElement('invoice-pay');",
        "el.setAttribute('api', import.meta.env.VITE_API);",
        "el.setAttribute('merchant', import.meta.env.VITE_MERCHANT);",
        "el.setAttribute('invoice', invoice);",
        "el.setAttribute('amount', params.get('amount'));",
        "el.setAttribute('loading', 'eager');",
        "el.addEventListener('invoice-pay:payment', (e) => {",
        "  const p = document.createElement('p');",
        "  p.className = 'receipt';",
        '  p.textContent = `Received A$${(e.detail.total / 100).toFixed(2)} for ${e.detail.invoice} (reference ${e.detail.transactionId})`;',
        '  document.body.append(p);',
        '});',
        "document.getElementById('pay').append(el);",
        '',
      ].join('\n'),
    });
    await installPackageTarball(server, dir);
    viteBuild(dir, { VITE_API: server.baseUrl, VITE_MERCHANT: merchantId });
    const flows: string[] = [];
    await payInApp(join(dir, 'dist'), freshInvoice('INV-STANDALONE'), flows);
    // The pay form came from the api server's /widget/, not the app's own origin.
    expect(flows.filter((u) => u.includes('/widget/invoice-pay-flow-'))).not.toEqual([]);
    expect(
      flows.filter((u) => u.includes('/widget/invoice-pay-flow-')).every((u) => u.startsWith(server.baseUrl)),
    ).toBe(true);
  });

  it('the package publishes cleanly and packs to the same bytes again; MIT-licensed; its manifest is complete', async () => {
    const answer = await fetch(`${server.baseUrl}${PACKAGE_URL.replace('https://pay.example.com', '')}`);
    const served = Buffer.from(await answer.arrayBuffer());
    const dir = tempDir('publish');
    writeFileSync(join(dir, 'served.tgz'), served);
    expect(spawnSync('tar', ['-xzf', 'served.tgz'], { cwd: dir }).status).toBe(0);
    const pkgDir = join(dir, 'package');
    const npm = (args: string[]) =>
      spawnSync('npm', args, {
        cwd: pkgDir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: dir, npm_config_update_notifier: 'false' },
      });
    // Offline: a registry on a closed loopback port, with a token so npm has nothing to say about login.
    // A build not recorded as a release carries a prerelease version (0.1.1-g…), which npm publishes
    // only under a tag of its own.
    const prerelease = (
      JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }
    ).version.includes('-');
    const publish = npm([
      'publish',
      '--dry-run',
      ...(prerelease ? ['--tag', 'next'] : []),
      '--offline', // else npm asks the registry whether the version exists, retrying for a minute
      '--registry',
      'http://127.0.0.1:9/',
      '--//127.0.0.1:9/:_authToken=dry-run',
    ]);
    expect(publish.status).toBe(0);
    expect(`${publish.stdout}\n${publish.stderr}`).not.toMatch(/npm (warn|error)/i);
    const pack = npm(['pack', '--pack-destination', dir, '--json']);
    expect(pack.status).toBe(0);
    const [{ filename }] = JSON.parse(pack.stdout) as { filename: string }[];
    expect(readFileSync(join(dir, filename)).equals(served)).toBe(true);
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(pkgDir, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining(['.', './element', './vue', './standalone', './custom-elements.json']),
    );
    for (const [entry, target] of Object.entries(
      pkg.exports as Record<string, string | Record<string, string>>,
    ))
      for (const file of typeof target === 'string' ? [target] : Object.values(target))
        expect(existsSync(join(pkgDir, file)), `${entry} → ${file}`).toBe(true);
  });

  it('the React fetch script (no npm) vendors the module checked against the manifest', async () => {
    const dir = copyExample('react');
    const fetched = run(dir, ['scripts/fetch-widget.mjs', server.baseUrl]);
    expect(fetched).toMatch(
      /^invoice-pay \d+\.\d+\.\d+(-[\w.]+)? \(\/widget\/invoice-pay\.[^)]+\.esm\.js\) → src\/vendor\/invoice-pay/,
    );
    expect(existsSync(join(dir, 'src/vendor/invoice-pay/invoice-pay.esm.d.ts'))).toBe(true);
  });

  it('the React fetch script refuses a module whose bytes do not match the manifest', async () => {
    const dir = copyExample('react');
    const { createServer } = await import('node:http');
    const manifest = await fetch(`${server.baseUrl}/widget/manifest.json`).then((r) => r.json());
    const tampered = createServer(async (req, res) => {
      const upstream = await fetch(server.baseUrl + req.url);
      let body = Buffer.from(await upstream.arrayBuffer());
      if (req.url === manifest.module.path) body = Buffer.concat([body, Buffer.from('\n/* injected */')]);
      res.writeHead(upstream.status).end(body);
    });
    await new Promise<void>((r) => tampered.listen(0, '127.0.0.1', r));
    const port = (tampered.address() as { port: number }).port;
    // Asynchronously: the tampering server runs in this process.
    const failure = await execFileAsync(
      process.execPath,
      ['scripts/fetch-widget.mjs', `http://127.0.0.1:${port}`],
      { cwd: dir },
    ).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    await new Promise((done) => tampered.close(done));
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`${manifest.module.path}: integrity mismatch`);
    expect(existsSync(join(dir, 'src/vendor/invoice-pay/invoice-pay.esm.js'))).toBe(false);
  });

  it('Vue: type-checks with vue-tsc against the package tarball (a misspelt event field fails), builds with Vite and pays', async () => {
    const dir = copyExample('vue');
    await installPackageTarball(server, dir);
    const vueTsc = join(dir, 'node_modules/vue-tsc/bin/vue-tsc.js');
    run(dir, [vueTsc, '--noEmit', '-p', 'tsconfig.json']);
    const app = join(dir, 'src/App.vue');
    const source = readFileSync(app, 'utf8');
    writeFileSync(app, source.replace('$event.detail.code', '$event.detail.cod'));
    expect(() => run(dir, [vueTsc, '--noEmit', '-p', 'tsconfig.json'])).toThrow(/cod/);
    writeFileSync(app, source);
    viteBuild(dir, { VITE_INVOICE_PAY_API: server.baseUrl, VITE_INVOICE_PAY_MERCHANT: merchantId });
    // The element comes from the package (invoice-pay/element), bundled: no script tag, no React install.
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).not.toContain('invoice-pay.js');
    await payInApp(join(dir, 'dist'), freshInvoice('INV-VUE'));
  });
});
