/**
 * Helpers for the examples' browser tests (tests/e2e/examples-*.test.ts): a tiny static server that
 * serves an example folder from ANOTHER origin than the API (as a merchant's site would), with the
 * examples' placeholders (`https://pay.example.com`, `YOUR-MERCHANT-ID`, `INV-0042`) replaced; the
 * demo merchant the server's seed printed; and paying through the widget with a sandbox card.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { CARDS, fillSandboxCard, waitForForm } from './pay-fixtures.ts';
import { freePort, type RunningServer } from './server.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface ExampleHost {
  url: string;
  close(): Promise<void>;
}

/**
 * Serve `dir` on 127.0.0.1:<free port>. Text files pass through `rewrite`; `pages` adds generated
 * documents by path (e.g. the WordPress harness's output); `headers` go on every answer (e.g. a
 * Content-Security-Policy). `/` serves index.html.
 */
export async function serveExample(
  dir: string,
  rewrite: (text: string) => string = (t) => t,
  pages: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<ExampleHost> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/favicon.ico') {
      res.writeHead(204).end(); // browsers ask for it; a 404 would show up as a console error
      return;
    }
    if (pages[path] !== undefined) {
      res.writeHead(200, { 'content-type': TYPES['.html'], ...headers });
      res.end(pages[path]);
      return;
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    let ok = file.startsWith(root + sep);
    try {
      ok = ok && statSync(file).isFile();
    } catch {
      ok = false;
    }
    if (!ok) {
      res.writeHead(404).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    res.end(/^(text|application\/json)/.test(type) ? rewrite(body.toString('utf8')) : body);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The connected demo merchant that `npm start`'s seed created and printed. */
export async function demoMerchantId(server: RunningServer): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const m = /Demo merchant: .+ \(([0-9a-f-]{36})\)/.exec(server.output());
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the demo seed printed no merchant:\n${server.output()}`);
}

let invoiceSeq = 0;
/** A fresh invoice number per page, so tests sharing the demo merchant never share a balance. */
export const freshInvoice = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++invoiceSeq}`;

/** The examples' placeholders replaced with the running server, a merchant and an invoice. */
export function placeholders(server: RunningServer, merchantId: string, invoice: string) {
  return (text: string) =>
    text
      .replaceAll('https://pay.example.com', server.baseUrl)
      .replaceAll('YOUR-MERCHANT-ID', merchantId)
      .replaceAll('INV-0042', invoice);
}

/** Pay the amount in the form with the sandbox's succeeding card; resolves on "Payment Successful!". */
export async function payInWidget(w: Locator, expectedButton?: string): Promise<void> {
  await waitForForm(w);
  await fillSandboxCard(w, CARDS.visa);
  const pay = w.locator('button[type=submit]');
  if (expectedButton) await pay.filter({ hasText: expectedButton }).waitFor();
  await pay.click();
  await w.getByText('Payment Successful!').waitFor();
}

/** Payments the host page saw, as recorded by an example's own listener into window.__events. */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { type: string; detail: unknown }[] = [];
    (window as unknown as { __events: typeof seen }).__events = seen;
    for (const name of ['ready', 'payment', 'paid', 'error', 'end'])
      document.addEventListener(`invoice-pay:${name}`, (e) =>
        seen.push({ type: e.type, detail: (e as CustomEvent).detail }),
      );
  });
}

export const eventsOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __events: { type: string; detail: Record<string, unknown> }[] }).__events,
  );
