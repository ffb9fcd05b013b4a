/**
 * The public site's pages in Chromium against the real server: the landing page's spec texts,
 * header anchors and scroll state, a payment link on `/` sent to /pay, the legal pages, the result
 * pages, Page Not Found, and axe-core on `/`.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { createConnectedMerchant, widget } from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('public pages', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('h1').first().waitFor();
    return { page, errors };
  }

  it('landing: header anchors, Blog link, Contact Us, and a header that changes after 50 px of scroll', async () => {
    const { page, errors } = await open('/');
    const header = page.getByRole('banner');
    for (const [name, href] of [
      ['Features', '#features'],
      ['How It Works', '#how-it-works'],
      ['Pricing', '#pricing'],
      ['Testimonials', '#testimonials'],
    ]) {
      expect(await header.getByRole('link', { name }).getAttribute('href')).toBe(href);
      expect(await page.locator(href).count()).toBe(1);
    }
    expect(await header.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    // A business finds sign-in and sign-up (MERCHANT_SIGNUP is on by default).
    expect(await header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await header.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    await expect(header.getByRole('button', { name: 'Contact Us' }).isVisible()).resolves.toBe(true);
    const scrolled = () => header.getAttribute('data-scrolled');
    expect(await scrolled()).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    expect(await scrolled()).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.waitForFunction(
      () => document.querySelector('header')?.getAttribute('data-scrolled') === 'true',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => document.querySelector('header')?.getAttribute('data-scrolled') === 'false',
    );
    // Once the demo has loaded (its placeholder holds the same height, so nothing moves), an anchor
    // lands its section just below the sticky header.
    await page.locator('.demo-checkout form').waitFor();
    await header.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForFunction(
      () => Math.abs(document.getElementById('pricing')!.getBoundingClientRect().top - 72) < 8,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('landing: hero, problem, demo, features, statistics, how it works, pricing, testimonials, FAQ, call to action, footer', async () => {
    const { page } = await open('/');
    const main = page.getByRole('main');
    const hero = page.locator('.hero');
    // Get Started leads to sign-up; Talk to sales keeps the contact form.
    expect(await hero.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    expect(await hero.getByRole('link', { name: 'See Demo' }).getAttribute('href')).toBe('#demo');
    for (const id of ['problem', 'demo', 'features', 'how-it-works', 'pricing', 'testimonials', 'faq']) {
      expect(await page.locator(`section#${id}`).count()).toBe(1);
    }
    const stats = await page.locator('.stats').innerText();
    for (const text of [
      '3,217+',
      'construction insolvencies in 2024',
      '60-90 days',
      '0%',
      'credit risk',
      '$10K-$25K',
      '$30K-$100K+',
    ]) {
      expect(stats).toContain(text);
    }
    const pricing = await page.locator('#pricing').innerText();
    for (const text of [
      '$0',
      'monthly fee',
      '1.25%',
      '1.7% + $0.30',
      'domestic card transaction',
      'About 2 business days',
      '2.95%',
      'on or off',
      'International cards are not covered.',
    ]) {
      expect(pricing).toContain(text);
    }
    expect(await page.locator('#faq details').count()).toBe(4);
    await page.locator('#faq summary').first().click();
    await expect(
      page
        .locator('#faq details')
        .first()
        .getByText(/No\. They open the payment link/)
        .isVisible(),
    ).resolves.toBe(true);
    expect(await page.locator('#testimonials blockquote').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.cta').getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/signup',
    );
    expect(
      await page.locator('#pricing').getByRole('link', { name: 'Get Started' }).getAttribute('href'),
    ).toBe('/signup');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await footer.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    // Talk to sales opens the contact modal.
    await hero.getByRole('button', { name: 'Talk to sales' }).click();
    await page.getByRole('dialog', { name: 'Contact InvoicePay' }).waitFor();
    expect(await page.title()).toMatch(/^InvoicePay: /);
    expect(await main.count()).toBe(1);
    await page.close();
  });

  it('with sign-up off (MERCHANT_SIGNUP=0) Get Started opens the sales form and no page offers sign-up', async () => {
    const context = await browser.newContext();
    // The server's answer as one with MERCHANT_SIGNUP=0 gives it.
    await context.route('**/api/public/config', async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), merchantSignup: false } });
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    const hero = page.locator('.hero');
    await hero.getByRole('button', { name: 'Get Started' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login',
    );
    await hero.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog', { name: 'Contact InvoicePay' }).waitFor();
    await context.close();
  });

  it('sends a payment link that lands on / to /pay with its query', async () => {
    const page = await browser.newPage();
    await page.goto(
      `${server.baseUrl}/?INVOICENUMBER=INV-0042&AMOUNTDUE=1,250.00&CURRENCY=AUD&SHORTCODE=abcd1234`,
    );
    await page.waitForURL(/\/pay\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/pay');
    expect(url.searchParams.get('INVOICENUMBER')).toBe('INV-0042');
    expect(url.searchParams.get('AMOUNTDUE')).toBe('1,250.00');
    expect(url.searchParams.get('SHORTCODE')).toBe('abcd1234');
    await page.close();
  });

  it('privacy and terms pages have real content for this product', async () => {
    const privacy = await open('/privacy');
    expect(await privacy.page.locator('h1').textContent()).toBe('Privacy Policy');
    const p = await privacy.page.getByRole('main').innerText();
    for (const text of [
      'Stripe',
      'never pass through or get stored on our servers',
      'What we collect',
      'Contact',
    ])
      expect(p).toContain(text);
    expect(await privacy.page.title()).toBe('Privacy Policy | InvoicePay');
    await privacy.page.close();
    const terms = await open('/terms');
    expect(await terms.page.locator('h1').textContent()).toBe('Terms of Service');
    const t = await terms.page.getByRole('main').innerText();
    for (const text of ['surcharge', '2.95%', 'Refunds', '1.25%', '1.7% +', 'Contact'])
      expect(t).toContain(text);
    await terms.page.close();
  });

  it('payment complete page says the window may be closed', async () => {
    const { page } = await open('/payment-complete');
    await expect(page.getByText('You may close this window now.').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('cancel page: Try Again returns to the pay page of the same merchant and invoice; Return Home', async () => {
    const merchant = createConnectedMerchant(server, { business_name: 'Cancel Test Timber' });
    const { page, errors } = await open(
      `/cancel?invoice_no=INV-0042&merchant_id=${merchant.id}&amount=120.00&currency=AUD`,
    );
    await expect(page.getByText(/No charges were made/).isVisible()).resolves.toBe(true);
    await expect(
      page.getByText('Your payment for invoice INV-0042 was cancelled.', { exact: false }).isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL(
      `${server.baseUrl}/pay/${merchant.id}?invoiceNo=INV-0042&amount=120.00&currency=AUD`,
    );
    // The hosted page names the merchant in its header (the widget's own line is hidden there).
    await page.locator('.pay-merchant-name', { hasText: 'Cancel Test Timber' }).waitFor();
    await widget(page).getByText('INV-0042').first().waitFor();
    await expect(
      widget(page)
        .getByText(/Invalid merchant/)
        .count(),
    ).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();

    // By shortcode (the accounting template's SHORTCODE), the same.
    const short = await open(`/cancel?invoice_no=INV-0043&SHORTCODE=${merchant.shortcode}`);
    await short.page.getByRole('link', { name: 'Try Again' }).click();
    await short.page.locator('.pay-merchant-name', { hasText: 'Cancel Test Timber' }).waitFor();
    await short.page.close();

    // No merchant named: no Try Again that would end in "Invalid merchant"; it says how to retry.
    const bare = await open('/cancel?invoice_no=INV-7');
    expect(await bare.page.getByRole('link', { name: 'Try Again' }).count()).toBe(0);
    await bare.page.getByText('open the payment link on your invoice').waitFor();
    await bare.page.getByRole('link', { name: 'Return Home' }).click();
    await bare.page.waitForURL(`${server.baseUrl}/`);
    await bare.page.close();

    // ...unless the customer came from a pay page here: Try Again goes back to it.
    const fromPay = await browser.newPage();
    await fromPay.goto(`${server.baseUrl}/pay/${merchant.id}?invoiceNo=INV-9&amount=10.00`);
    await fromPay.locator('.pay-merchant-name', { hasText: 'Cancel Test Timber' }).waitFor();
    await fromPay.evaluate(() => location.assign('/cancel?invoice_no=INV-9'));
    await fromPay.getByRole('link', { name: 'Try Again' }).click();
    await fromPay.waitForURL(`${server.baseUrl}/pay/${merchant.id}?invoiceNo=INV-9&amount=10.00`);
    await fromPay.close();

    const none = await open('/cancel');
    expect(await none.page.getByRole('link', { name: 'Try Again' }).count()).toBe(0);
    await expect(none.page.getByRole('link', { name: 'Return Home' }).isVisible()).resolves.toBe(true);
    await none.page.close();
  });

  it('unknown paths show Page Not Found with Go Home, answered with HTTP 404', async () => {
    const { page } = await open('/no/such/page');
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.close();
    const statuses: Record<string, number> = {};
    const browserPage = await browser.newPage();
    for (const path of [
      '/no/such/page',
      '/blogs',
      '/pricing',
      '/cancel',
      '/blog',
      '/success',
      '/login',
      '/',
    ]) {
      statuses[path] = (await browserPage.goto(`${server.baseUrl}${path}`))!.status();
    }
    await browserPage.close();
    expect(statuses).toEqual({
      '/no/such/page': 404,
      '/blogs': 404,
      '/pricing': 404,
      '/cancel': 200,
      '/blog': 200,
      '/success': 200,
      '/login': 200,
      '/': 200,
    });
  });

  for (const scheme of ['light', 'dark'] as const)
    it(`has no serious or critical accessibility violations on /, with the contact modal open, and on the result pages (${scheme})`, async () => {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      const check = async (what: string) => {
        const result = await new AxeBuilder({ page }).analyze();
        const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      };
      await page.goto(`${server.baseUrl}/`);
      await page.locator('.demo-checkout form').waitFor();
      await check('/');
      await page.getByRole('banner').getByRole('button', { name: 'Contact Us' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Name is required', { exact: true }).waitFor();
      await check('/ (contact modal)');
      for (const path of [
        '/cancel?invoice_no=INV-1',
        '/payment-complete',
        '/privacy',
        '/nope',
        '/blog',
        '/login',
      ]) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('h1').first().waitFor();
        await check(path);
      }
      // The site follows the system's colour scheme (issue 36 item 10).
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(scheme === 'dark' ? 'rgb(18, 22, 20)' : 'rgb(255, 255, 255)');
      await context.close();
    });
});
