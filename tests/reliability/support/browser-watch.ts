/**
 * Browser watchers for the security suites: every Content-Security-Policy violation (the DOM
 * `securitypolicyviolation` event, reported through a binding so it survives navigations, plus
 * Chromium's "Refused to …" console messages), every JavaScript dialog, and a global trap that XSS
 * payloads set (`window.__xss`), read in every frame.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface Watch {
  violations: string[];
  dialogs: string[];
}

export async function watchContext(context: BrowserContext): Promise<Watch> {
  const watch: Watch = { violations: [], dialogs: [] };
  await context.exposeBinding('__reportViolation', (source, text: string) => {
    watch.violations.push(`${source.frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        (window as unknown as { __reportViolation(t: string): void }).__reportViolation(
          `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
        );
      },
      true,
    );
  });
  context.on('page', (page) => watchPage(page, watch));
  return watch;
}

function watchPage(page: Page, watch: Watch) {
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|run)/i.test(m.text()))
      watch.violations.push(`console: ${m.text()}`);
  });
  page.on('dialog', async (d) => {
    watch.dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss().catch(() => {});
  });
}

/** Values of `window.__xss` in the page and every frame (empty when no payload ran). */
export async function trapValues(page: Page): Promise<string[]> {
  const values: string[] = [];
  for (const frame of page.frames()) {
    const v = await frame
      .evaluate(() => (window as unknown as { __xss?: unknown }).__xss)
      .catch(() => undefined);
    if (v !== undefined) values.push(`${frame.url()}: ${String(v)}`);
  }
  return values;
}
