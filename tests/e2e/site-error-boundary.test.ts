/**
 * The fatal-error screen (`site/src/features/errors/ErrorBoundary.tsx`) in Chromium: a component
 * that throws is replaced by 'Something went wrong' with the error text and the component stack,
 * and Reload Page reloads the page.
 */
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';

const HARNESS = `
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../../site/src/features/errors/ErrorBoundary.tsx';
function ExplodingWidget(): never { throw new Error('Kaboom: the widget exploded'); }
function Panel() { return <section><ExplodingWidget /></section>; }
createRoot(document.getElementById('root')!).render(<ErrorBoundary><Panel /></ErrorBoundary>);
`;

describe('fatal-error screen', () => {
  let browser: Browser;
  let script: string;
  beforeAll(async () => {
    const out = await build({
      stdin: { contents: HARNESS, resolveDir: 'tests/e2e', loader: 'tsx', sourcefile: 'harness.tsx' },
      bundle: true,
      format: 'iife',
      jsx: 'automatic',
      write: false,
      loader: { '.css': 'empty' },
      define: { 'process.env.NODE_ENV': '"production"' },
      target: 'es2022',
    });
    script = out.outputFiles[0].text;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the error text, the component stack and a working Reload Page button', async () => {
    const page = await browser.newPage();
    let loads = 0;
    // Served by interception, so nothing leaves the machine.
    await page.route('http://127.0.0.1:9/harness', (route) => {
      loads += 1;
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><body><div id="root"></div><script>${script.replace(/<\/script/g, '<\\/script')}</script></body></html>`,
      });
    });
    await page.goto('http://127.0.0.1:9/harness');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await expect(page.getByText('Kaboom: the widget exploded').isVisible()).resolves.toBe(true);
    const stack = await page.locator('pre').textContent();
    expect(stack).toContain('ExplodingWidget');
    expect(stack).toContain('Panel');
    expect(loads).toBe(1);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload Page' }).click()]);
    expect(loads).toBe(2);
    await page.close();
  });
});
