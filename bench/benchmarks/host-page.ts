/**
 * What the widget costs a merchant's page that has the element below the fold (issue 19, issue 37):
 * Total Blocking Time — the sum of (duration − 50 ms) over long tasks — from navigation until 2 s
 * after the load event, before anyone scrolls, with 4× CPU throttling in headless Chromium. The page
 * is embedded as agencies do it (docs/embedding.md): the `<script … defer>` tag in the page's HTML,
 * then a 3,000 px product list, then the element; it is served from another origin. The same page
 * without the widget is loaded in the same run, alternately: the figure is the blocking time the
 * widget adds (median with the widget less median without, never below 0); both medians are logged.
 * Each load is a fresh context (cold cache); one warm-up pair, then the medians of 11 pairs (1 in
 * quick mode). `logTasks` lists each long task's start and duration, to find what runs.
 */
import type { Browser } from 'playwright-core';
import type { Benchmark } from '../harness.ts';
import { serveExample } from '../../tests/e2e/support/examples.ts';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { createConnectedMerchant } from '../../tests/e2e/support/pay-fixtures.ts';
import { startServer } from '../../tests/e2e/support/server.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function installObserver() {
  const longTasks: Array<[start: number, duration: number]> = [];
  (window as unknown as { __longTasks: typeof longTasks }).__longTasks = longTasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** The host page, with or without the widget (the documented tag and the element at the end). */
export function hostPage(widgetScript: string | null, element: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>` +
    (widgetScript ? `<script src="${widgetScript}" defer></script>` : '') +
    `</head><body><h1>Our shop</h1><div style="height:3000px">Products…</div>` +
    (widgetScript ? element : '') +
    `</body></html>`
  );
}

/** Blocking time of one cold load of `url` at 4× CPU, from navigation to 2 s after load. */
export async function blockingTime(
  browser: Browser,
  url: string,
  logTasks?: (tasks: Array<[number, number]>) => void,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(installObserver);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2000);
    const tasks = await page.evaluate(
      () => (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks,
    );
    logTasks?.(tasks);
    return tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  } finally {
    await context.close();
  }
}

export const hostPageTbtBelowFold: Benchmark = {
  name: 'host-page-tbt-below-fold',
  unit: 'ms',
  budget: 10,
  direction: 'max',
  description:
    'merchant page with the documented script tag, element below the fold: blocking time the widget adds from navigation on (vs the page without it), 4× CPU throttling',
  async run(ctx) {
    const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const merchant = createConnectedMerchant(server);
    const element = `<invoice-pay merchant="${merchant.id}" invoice="INV-TBT" amount="100.00" currency="AUD"></invoice-pay>`;
    const host = await serveExample('examples/html', (t) => t, {
      '/with.html': hostPage(`${server.baseUrl}/widget/invoice-pay.js`, element),
      '/without.html': hostPage(null, element),
    });
    try {
      const runs = ctx.quick ? 1 : 11;
      const withWidget: number[] = [];
      const without: number[] = [];
      for (let i = 0; i <= runs; i++) {
        const a = await blockingTime(browser, `${host.url}/with.html`, (tasks) =>
          ctx.log(
            `  with the widget, long tasks [start, ms]: ${JSON.stringify(tasks.map((t) => t.map(Math.round)))}`,
          ),
        );
        const b = await blockingTime(browser, `${host.url}/without.html`);
        if (i > 0) {
          withWidget.push(a);
          without.push(b);
        }
      }
      ctx.log(
        `host page blocking time (ms), with the widget: ${withWidget.map((v) => v.toFixed(0)).join(', ')}; ` +
          `without: ${without.map((v) => v.toFixed(0)).join(', ')}`,
      );
      return Math.max(0, median(withWidget) - median(without));
    } finally {
      await host.close();
      await browser.close();
      await server.stop();
    }
  },
};
