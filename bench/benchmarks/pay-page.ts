/**
 * Hosted `/pay` page speed (DESIGN §9), stated relative to the machine: time from navigation start
 * until the amount input is on screen and enabled, measured inside the page (performance.now() at
 * the first animation frame that finds it), in headless Chromium on loopback against the real
 * server in sandbox mode — and, alternately in the same run, the same for a reference page served
 * by the same server: plain HTML loading React and rendering a static form of the pay form's shape
 * (bundled here with esbuild, written beside the site's files for the run). The budget is the pay
 * page's median ≤ 1.5× the reference's; the pay page's absolute median is reported beside it. Each
 * load is a fresh browser context (empty HTTP cache, like a customer opening an invoice link).
 * Medians of 20 loads each (3 in quick mode), after one warm-up pair.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import type { BenchContext, Benchmark } from '../harness.ts';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { createConnectedMerchant } from '../../tests/e2e/support/pay-fixtures.ts';
import { startServer } from '../../tests/e2e/support/server.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The reference: React rendering a static form of the pay form's shape (no data, no requests). */
const REFERENCE_APP = `
import { createRoot } from 'react-dom/client';
function Form() {
  return (
    <main style={{ maxWidth: 560, margin: '0 auto', font: '15px/1.5 system-ui' }}>
      <header><p>Merchant</p><h2>Invoice Payment</h2><p>Invoice <b>INV-1</b></p><p>Balance: A$1,250.00</p></header>
      <form>
        <label htmlFor="ip-am">Payment amount (AUD)</label>
        <input id="ip-am" inputMode="decimal" defaultValue="1250.00" />
        <div>{[25, 50, 75, 100].map((p) => <button key={p} type="button">{p}%</button>)}</div>
        <label>Cardholder name<input /></label>
        <label>Card number<input /></label>
        <label>Expiry (MM/YY)<input /></label>
        <label>CVC<input /></label>
        <label>Email for receipt (optional)<input type="email" /></label>
        <button type="submit">Pay A$1,286.88</button>
      </form>
    </main>
  );
}
createRoot(document.getElementById('root')).render(<Form />);
`;

const REFERENCE_FILES = ['bench-reference.html', 'bench-reference.js'];

async function writeReference(siteDir: string): Promise<void> {
  const out = await build({
    stdin: { contents: REFERENCE_APP, loader: 'tsx', resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  });
  writeFileSync(join(siteDir, 'bench-reference.js'), out.outputFiles[0].contents);
  writeFileSync(
    join(siteDir, 'bench-reference.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Reference</title><script type="module" src="/bench-reference.js"></script></head><body><div id="root"></div></body></html>',
  );
}

/** Milliseconds from navigation until `#ip-am` (in the widget's shadow root, or the page) is usable. */
async function interactive(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page: Page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const input =
          document.querySelector('invoice-pay')?.shadowRoot?.querySelector<HTMLInputElement>('#ip-am') ??
          document.querySelector<HTMLInputElement>('#ip-am');
        return input && !input.disabled && input.getBoundingClientRect().height > 0
          ? performance.now()
          : false;
      },
      undefined,
      { polling: 'raf', timeout: 10_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

interface PagesRun {
  pay: number;
  reference: number;
}

const runs = new WeakMap<Map<string, unknown>, Promise<PagesRun>>();

function measureOnce(ctx: BenchContext): Promise<PagesRun> {
  let run = runs.get(ctx.results);
  if (!run) {
    run = measure(ctx);
    runs.set(ctx.results, run);
  }
  return run;
}

async function measure(ctx: BenchContext): Promise<PagesRun> {
  const siteDir = join(process.cwd(), 'dist', 'site');
  await writeReference(siteDir);
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const merchant = createConnectedMerchant(server);
    const n = ctx.quick ? 3 : 20;
    const pay: number[] = [];
    const reference: number[] = [];
    for (let i = 0; i < n + 1; i++) {
      const p = await interactive(
        browser,
        `${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-B${i}&AMOUNTDUE=1,250.00&CURRENCY=AUD`,
      );
      const r = await interactive(browser, `${server.baseUrl}/bench-reference.html`);
      if (i === 0) continue; // the first pair warms the server's file cache and the browser process
      pay.push(p);
      reference.push(r);
    }
    ctx.log(`pay page loads (ms): ${pay.map((t) => t.toFixed(0)).join(', ')}`);
    ctx.log(`reference page loads (ms): ${reference.map((t) => t.toFixed(0)).join(', ')}`);
    return { pay: median(pay), reference: median(reference) };
  } finally {
    await browser.close();
    await server.stop();
    for (const f of REFERENCE_FILES) rmSync(join(siteDir, f), { force: true });
  }
}

export const payPageInteractive: Benchmark = {
  name: 'pay-page-interactive',
  unit: '× reference',
  budget: 1.5,
  direction: 'max',
  description:
    'hosted /pay page: navigation → amount input usable, as a multiple of a plain React page of the same shape loaded alternately from the same server (medians of 20, headless Chromium, loopback)',
  run: async (ctx) => {
    const { pay, reference } = await measureOnce(ctx);
    return pay / reference;
  },
};

export const payPageInteractiveMs: Benchmark = {
  name: 'pay-page-interactive-ms',
  unit: 'ms',
  budget: null,
  direction: 'max',
  description: "the pay page's median time to an usable amount input, absolute (the machine's figure)",
  run: async (ctx) => (await measureOnce(ctx)).pay,
};
