/**
 * The element's built-in themes and its second language, on a merchant's page from another origin:
 * `theme="auto"` follows the reader's colour scheme (dark when the system is dark), every theme
 * meets WCAG AA contrast (axe-core's color-contrast rule, inside the shadow root), and `lang="de"`
 * (or the page's own `lang`) shows the German catalogue, formats money the German way and reads an
 * amount typed with German separators.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payInWidget, serveExample, type ExampleHost } from './support/examples.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { createConnectedMerchant, waitForForm, widget, type TestMerchant } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('widget themes and language', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  let host: ExampleHost;
  let n = 0;

  const element = (attrs: string) =>
    `<invoice-pay merchant="${merchant.id}" invoice="INV-T${++n}" amount="1250.00" currency="EUR" loading="eager" ${attrs}></invoice-pay>`;
  const page = (lang: string, body: string) =>
    `<!doctype html><html lang="${lang}"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title>` +
    `<script src="${server.baseUrl}/widget/invoice-pay.js" defer></script></head><body>${body}</body></html>`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchant = createConnectedMerchant(server);
    host = await serveExample('examples/html', (t) => t, {
      '/themes.html': page(
        'en',
        `<main style="display:grid;grid-template-columns:repeat(3,1fr);gap:8px">` +
          `${element('theme="light"')}${element('theme="dark"')}${element('theme="auto"')}</main>`,
      ),
      '/german.html': page('de', `<h1>Rechnung bezahlen</h1>${element('')}`),
      '/german-attribute.html': page('en', element('lang="de"')),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await host?.close();
  });

  const panelColours = (p: Page) =>
    p.locator('invoice-pay').evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el.shadowRoot!.querySelector('[part~=root]')!);
        return [style.backgroundColor, style.color];
      }),
    );

  async function contrastViolations(p: Page) {
    const result = await new AxeBuilder({ page: p }).withRules(['color-contrast']).analyze();
    return result.violations.flatMap((v) =>
      v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    );
  }

  for (const scheme of ['dark', 'light'] as const) {
    it(`theme="auto" follows a ${scheme} colour scheme; light, dark and auto all meet AA contrast`, async () => {
      const context = await browser.newContext({ colorScheme: scheme });
      const p = await context.newPage();
      p.setDefaultTimeout(15_000);
      const errors = watchErrors(p);
      await p.goto(`${host.url}/themes.html`);
      for (let i = 0; i < 3; i++) await waitForForm(widget(p, i));
      const [light, dark, auto] = await panelColours(p);
      expect(light).not.toEqual(dark);
      expect(auto).toEqual(scheme === 'dark' ? dark : light);
      // The quick-amount buttons, the inputs, the breakdown and the Pay button of every theme.
      expect(await contrastViolations(p)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // A page's own palette (issue 51 item 3): the theming example's dark one, a navy one that sets no
  // success or error colour, and a light one that sets no text colours beyond its background. The
  // error and success texts stay at 4.5:1 on each — fitted to the background unless the page set them.
  const PALETTES = {
    'theming example, dark':
      '--invoice-pay-accent:#5eead4;--invoice-pay-on-accent:#042f2e;--invoice-pay-background:#0f172a;--invoice-pay-surface:#1e293b;--invoice-pay-text:#e2e8f0;--invoice-pay-muted:#94a3b8;--invoice-pay-border:#64748b;--invoice-pay-danger:#fca5a5',
    'navy, no success or error colour':
      '--invoice-pay-accent:#93c5fd;--invoice-pay-on-accent:#0b1220;--invoice-pay-background:#0b1a33;--invoice-pay-surface:#132544;--invoice-pay-text:#f1f5f9;--invoice-pay-muted:#cbd5e1;--invoice-pay-border:#94a3b8',
    'cream, on the dark theme':
      '--invoice-pay-background:#fffbeb;--invoice-pay-surface:#fef3c7;--invoice-pay-text:#1c1917;--invoice-pay-muted:#44403c;--invoice-pay-accent:#92400e;--invoice-pay-on-accent:#fff;--invoice-pay-border:#78716c',
  };
  for (const [name, palette] of Object.entries(PALETTES))
    it(`keeps error and success texts readable on a page's own palette: ${name}`, async () => {
      const theme = name.includes('dark theme') ? 'theme="dark"' : '';
      const html =
        `<!doctype html><html lang="en"><head><title>Palette</title><style>invoice-pay{${palette}}</style>` +
        `<script src="${server.baseUrl}/widget/invoice-pay.js" defer></script></head><body>` +
        `<invoice-pay merchant="${merchant.id}" invoice="INV-PAL${++n}" amount="20.00" currency="AUD" loading="eager" ${theme}></invoice-pay></body></html>`;
      const palettePage = await serveExample('examples/html', (t) => t, { '/palette.html': html });
      const context = await browser.newContext();
      const p = await context.newPage();
      p.setDefaultTimeout(15_000);
      try {
        await p.goto(`${palettePage.url}/palette.html`);
        const w = widget(p);
        await waitForForm(w);
        await w.getByLabel(/^Payment amount/).fill('0');
        await w.locator('button[type=submit]').click();
        await w.getByText('Please enter a valid payment amount.').first().waitFor();
        expect(await contrastViolations(p), `${name}: error`).toEqual([]);
        await w.getByLabel(/^Payment amount/).fill('20.00');
        await payInWidget(w);
        await w.getByText('Invoice fully paid!').waitFor();
        expect(await contrastViolations(p), `${name}: success`).toEqual([]);
      } finally {
        await context.close();
        await palettePage.close();
      }
    });

  it('speaks German from the page language or its own lang, and reads amounts typed the German way', async () => {
    for (const path of ['/german.html', '/german-attribute.html']) {
      const context = await browser.newContext();
      const p = await context.newPage();
      p.setDefaultTimeout(15_000);
      const errors = watchErrors(p);
      await p.goto(`${host.url}${path}`);
      const w = widget(p);
      const amount = w.getByLabel('Zahlungsbetrag (EUR)');
      await amount.waitFor();
      await expect(amount.inputValue()).resolves.toBe('1250,00');
      await expect(w.getByRole('button', { name: '25 % des offenen Betrags zahlen' }).count()).resolves.toBe(
        1,
      );
      await amount.fill('1.000,50');
      await amount.blur();
      await expect.poll(() => w.getByText('1.000,50 €').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
