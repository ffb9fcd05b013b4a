/**
 * What makes the hosted pay page one a customer trusts (issue 19): the merchant's name, logo and
 * brand colour at the top (the colour also the widget's accent; without one, the product's green),
 * the product's name with Privacy and Terms in the footer, the widget filling the page's column,
 * and the invoice's history above the Pay button with its status in words ("Paid").
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import {
  CARDS,
  createConnectedMerchant,
  fillSandboxCard,
  money,
  waitForForm,
  widget,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** A 1×1 PNG, the merchant's logo, answered by the browser's router (nothing leaves the machine). */
const LOGO_URL = 'https://logo.bright-timber.test/logo.png';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('hosted pay page: trust', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    page.setDefaultTimeout(15_000);
    await page.route(LOGO_URL, (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
    await page.goto(`${server.baseUrl}${path}`);
    return page;
  }

  const payButtonColour = (p: Page) =>
    widget(p).evaluate(
      (el) => getComputedStyle(el.shadowRoot!.querySelector('[part~=pay-button]')!).backgroundColor,
    );

  it("shows the merchant's name, logo and colour, the product's footer, and a widget as wide as the column", async () => {
    const merchant = createConnectedMerchant(server, {
      business_name: 'Bright Timber',
      logo_url: LOGO_URL,
      brand_color: '#1d4ed8',
    });
    const page = await open(`/pay/${merchant.id}?INVOICENUMBER=INV-T1&AMOUNTDUE=200.00&CURRENCY=AUD`);
    const errors = watchErrors(page);
    await waitForForm(widget(page));
    const header = page.locator('#pay-merchant');
    await expect(header.locator('.pay-merchant-name').textContent()).resolves.toBe('Bright Timber');
    // The page's one h1 names who is paid (issue 36 item 10).
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Bright Timber');
    // Named once: the widget's own merchant line is hidden under the page's header (item 11).
    await expect
      .poll(() => page.getByText('Bright Timber', { exact: true }).filter({ visible: true }).count())
      .toBe(1);
    const logo = header.getByRole('img', { name: 'Bright Timber logo' });
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await expect(payButtonColour(page)).resolves.toBe('rgb(29, 78, 216)');

    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).resolves.toBe(
      '/privacy',
    );
    await expect(footer.getByRole('link', { name: 'Terms' }).getAttribute('href')).resolves.toBe('/terms');
    await expect.poll(() => footer.textContent()).toContain('Payments by InvoicePay');

    // The widget fills the page's column instead of centring itself in a narrower box.
    const widths = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const style = getComputedStyle(main);
      const inner = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { inner, widget: document.querySelector('invoice-pay')!.getBoundingClientRect().width };
    });
    expect(widths.widget).toBeCloseTo(widths.inner, 0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the Pay button readable on any brand colour, in dark mode too, and darkens the page around the widget', async () => {
    const contrast = (fg: string, bg: string) => {
      const lum = (rgb: string) => {
        const [r, g, b] = rgb
          .match(/\d+/g)!
          .slice(0, 3)
          .map((v) => {
            const c = Number(v) / 255;
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      return (hi + 0.05) / (lo + 0.05);
    };
    for (const [colour, scheme] of [
      ['#0b1f4d', 'dark'],
      ['#ffd60a', 'light'],
      ['#ffd60a', 'dark'],
    ] as const) {
      const merchant = createConnectedMerchant(server, {
        business_name: `Brand ${colour}`,
        brand_color: colour,
      });
      const page = await browser.newPage({ viewport: { width: 1024, height: 900 }, colorScheme: scheme });
      page.setDefaultTimeout(15_000);
      await page.goto(
        `${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-C1&AMOUNTDUE=20.00&CURRENCY=AUD`,
      );
      await waitForForm(widget(page));
      const { fg, bg } = await widget(page).evaluate((el) => {
        const s = getComputedStyle(el.shadowRoot!.querySelector('[part~=pay-button]')!);
        return { fg: s.color, bg: s.backgroundColor };
      });
      expect(contrast(fg, bg), `${colour} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      // The accent as text (the 25 % button) reads on the card's own background, in either theme.
      const quick = await widget(page).evaluate((el) => {
        const root = el.shadowRoot!;
        const button = getComputedStyle(root.querySelector('.quick-amounts button')!);
        return { fg: button.color, bg: getComputedStyle(root.querySelector('.panel')!).backgroundColor };
      });
      expect(contrast(quick.fg, quick.bg), `${colour} ${scheme} accent text`).toBeGreaterThanOrEqual(4.5);
      if (scheme === 'dark') {
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
          'rgb(15, 20, 18)',
        );
        // The dark theme covers the payment card too, not only the page around it (issue 50 item 8).
        expect(quick.bg).toBe('rgb(22, 27, 25)');
      }
      await page.close();
    }
  });

  it("uses the product's colour without a brand colour, and lists earlier payments above the Pay button as Paid", async () => {
    const merchant = createConnectedMerchant(server);
    const link = `/pay/${merchant.id}?INVOICENUMBER=INV-T2&AMOUNTDUE=400.00&CURRENCY=AUD`;
    const page = await open(link);
    const w = widget(page);
    await waitForForm(w);
    await expect(payButtonColour(page)).resolves.toBe('rgb(15, 81, 50)'); // #0f5132, not a generic blue
    await w.getByRole('button', { name: 'Pay 25% of the balance' }).click();
    await fillSandboxCard(w, CARDS.visa);
    await w.getByRole('button', { name: `Pay ${money(10295)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();

    const again = await open(link);
    const w2 = widget(again);
    await waitForForm(w2);
    await w2.getByRole('button', { name: 'Show' }).click();
    const chip = w2.locator('[part~=status-chip]');
    await expect(chip.textContent()).resolves.toBe('Paid');
    const historyFirst = await w2.evaluate((el) => {
      const root = el.shadowRoot!;
      const history = root.querySelector('[part~=history]')!;
      const pay = root.querySelector('[part~=pay-button]')!;
      return Boolean(history.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(historyFirst).toBe(true);
    await again.close();
  });
});
