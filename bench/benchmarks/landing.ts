/**
 * Landing page speed (`/`) in headless Chromium against the real server on loopback (sandbox,
 * built site): Largest Contentful Paint and Total Blocking Time, read inside the page from the
 * Performance APIs. Observers are installed before any page script runs; LCP is the last
 * `largest-contentful-paint` entry once the page has been quiet for a second after `load`; TBT is
 * the sum of (duration − 50 ms) over `longtask` entries that start after First Contentful Paint, up
 * to that point. Each run is a fresh browser context (cold HTTP cache, like a first visit); one
 * warm-up run, then the median of 7 (1 in quick mode). Two figures from the same runs.
 */
import type { BenchContext, Benchmark } from '../harness.ts';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { startServer } from '../../tests/e2e/support/server.ts';

interface PageFigures {
  lcp: number;
  tbt: number;
}

const QUIET_MS = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Installed with addInitScript: runs in the page before its own scripts. */
function installObservers() {
  const perf = { lcp: 0, longTasks: [] as [number, number][] };
  (window as unknown as { __benchPerf: typeof perf }).__benchPerf = perf;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      perf.lcp = (e as PerformanceEntry & { renderTime?: number }).renderTime || e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) perf.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

const runs = new WeakMap<Map<string, unknown>, Promise<PageFigures>>();

function measureOnce(ctx: BenchContext): Promise<PageFigures> {
  let run = runs.get(ctx.results);
  if (!run) {
    run = measure(ctx);
    runs.set(ctx.results, run);
  }
  return run;
}

async function measure(ctx: BenchContext): Promise<PageFigures> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const count = ctx.quick ? 1 : 7;
    const lcps: number[] = [];
    const tbts: number[] = [];
    for (let i = 0; i <= count; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(installObservers);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/`, { waitUntil: 'load' });
      await page.waitForTimeout(QUIET_MS);
      const figures = await page.evaluate(() => {
        const perf = (window as unknown as { __benchPerf: { lcp: number; longTasks: [number, number][] } })
          .__benchPerf;
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const tbt = perf.longTasks
          .filter(([start]) => start >= fcp)
          .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
        return { lcp: perf.lcp, tbt, fcp };
      });
      await context.close();
      if (!(figures.lcp > 0))
        throw new Error('no largest-contentful-paint entry: the landing page rendered nothing');
      if (i === 0) continue; // warm-up: the server's file cache, Chromium's process pool
      lcps.push(figures.lcp);
      tbts.push(figures.tbt);
    }
    ctx.log(
      `landing LCP (ms): ${lcps.map((v) => v.toFixed(0)).join(', ')}; TBT (ms): ${tbts.map((v) => v.toFixed(0)).join(', ')}`,
    );
    return { lcp: median(lcps), tbt: median(tbts) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const landingLcp: Benchmark = {
  name: 'landing-lcp',
  unit: 'ms',
  budget: 1000,
  direction: 'max',
  description: 'landing page Largest Contentful Paint, headless Chromium, loopback, cold cache, median of 7',
  run: async (ctx) => (await measureOnce(ctx)).lcp,
};

export const landingTbt: Benchmark = {
  name: 'landing-tbt',
  unit: 'ms',
  budget: 100,
  direction: 'max',
  description: 'landing page Total Blocking Time (long tasks after FCP until quiet), same runs',
  run: async (ctx) => (await measureOnce(ctx)).tbt,
};
