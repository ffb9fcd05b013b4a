/**
 * The React (TSX) and Vue examples, built as an agency would build them (a copy of the example in a
 * temp folder, `vite build` with its environment variables), served from another origin than the
 * API, and a sandbox payment completed in Chromium; the app's own event handlers show the receipt.
 * The React app installs the `invoice-pay` package from the tarball the build made (offline: as npm
 * does for a `file:` tarball, unpacked into the copy's node_modules), type-checks against its types
 * (a misspelt event callback fails `tsc`) and bundles its ES module; the fetch script that vendors
 * the module without npm checks the manifest's SRI hashes. The Vue app type-checks with vue-tsc
 * against the same package's types (invoice-pay/vue) and loads the classic script at run time.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

const execFileAsync = promisify(execFile);
const temps: string[] = [];

/** A copy of the example (without installed or built files), using this repository's node_modules. */
function copyExample(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `invoicepay-example-${name}-`));
  temps.push(dir);
  cpSync(`examples/${name}`, dir, {
    recursive: true,
    filter: (src) =>
      !/[\\/](node_modules|dist|vendor)([\\/]|$)/.test(src.slice(resolve('examples', name).length)),
  });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * The example's `"invoice-pay": "file:…tgz"` dependency, installed as npm installs a tarball: its
 * `package/` folder unpacked as node_modules/invoice-pay; every other package links to this
 * repository's node_modules (no registry, no shared folder written).
 */
function installPackageTarball(dir: string) {
  const tarballs = readdirSync('dist/package').filter((f) => f.endsWith('.tgz'));
  expect(tarballs).toHaveLength(1);
  const declared = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies['invoice-pay'];
  expect(declared).toBe(`file:../../dist/package/${tarballs[0]}`);
  const modules = join(dir, 'node_modules');
  rmSync(modules, { force: true });
  mkdirSync(modules);
  for (const entry of readdirSync('node_modules'))
    if (entry !== 'invoice-pay') symlinkSync(resolve('node_modules', entry), join(modules, entry));
  const unpacked = mkdtempSync(join(tmpdir(), 'invoicepay-tarball-'));
  temps.push(unpacked);
  const tar = spawnSync('tar', ['-xzf', resolve('dist/package', tarballs[0]), '-C', unpacked]);
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  renameSync(join(unpacked, 'package'), join(modules, 'invoice-pay'));
}

function run(dir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const viteBuild = (dir: string, env: Record<string, string>) =>
  run(
    dir,
    [
      join(dir, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      join(dir, 'dist'),
    ],
    env,
  );

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
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  });

  async function payInApp(dist: string, invoice: string) {
    const host = await serveExample(dist);
    hosts.push(host);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
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
    installPackageTarball(dir);
    const tsc = join(dir, 'node_modules/typescript/bin/tsc');
    run(dir, [tsc, '-p', 'tsconfig.json']);
    // The package's types catch a misspelt event callback.
    writeFileSync(
      join(dir, 'src/Misspelt.tsx'),
      `import { InvoicePay } from 'invoice-pay';\nexport const M = () => <InvoicePay invoice="INV-1" onPaymnet={() => {}} />;\n`,
    );
    expect(() => run(dir, [tsc, '-p', 'tsconfig.json'])).toThrow(/onPaymnet/);
    rmSync(join(dir, 'src/Misspelt.tsx'));
    viteBuild(dir, { VITE_INVOICE_PAY_API: server.baseUrl, VITE_INVOICE_PAY_MERCHANT: merchantId });
    // The app bundles its own React and the widget module; nothing is loaded from the widget's classic script.
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).not.toContain('invoice-pay.js');
    await payInApp(join(dir, 'dist'), freshInvoice('INV-REACT'));
  });

  it('the React fetch script (no npm) vendors the module checked against the manifest', async () => {
    const dir = copyExample('react');
    const fetched = run(dir, ['scripts/fetch-widget.mjs', server.baseUrl]);
    expect(fetched).toMatch(
      /^invoice-pay \d+\.\d+\.\d+ \(\/widget\/invoice-pay\.[^)]+\.esm\.js\) → src\/vendor\/invoice-pay/,
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
    installPackageTarball(dir);
    const vueTsc = join(dir, 'node_modules/vue-tsc/bin/vue-tsc.js');
    run(dir, [vueTsc, '--noEmit', '-p', 'tsconfig.json']);
    const app = join(dir, 'src/App.vue');
    const source = readFileSync(app, 'utf8');
    writeFileSync(app, source.replace('$event.detail.code', '$event.detail.cod'));
    expect(() => run(dir, [vueTsc, '--noEmit', '-p', 'tsconfig.json'])).toThrow(/cod/);
    writeFileSync(app, source);
    viteBuild(dir, { VITE_INVOICE_PAY_ORIGIN: server.baseUrl, VITE_INVOICE_PAY_MERCHANT: merchantId });
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toContain(
      `<script src="${server.baseUrl}/widget/invoice-pay.js" defer>`,
    );
    await payInApp(join(dir, 'dist'), freshInvoice('INV-VUE'));
  });
});
