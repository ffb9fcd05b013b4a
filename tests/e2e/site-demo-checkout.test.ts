/**
 * The landing page's demo checkout in Chromium (spec §2 "Demo checkout", §5, §9): preparing text,
 * en-AU amounts, quick buttons, the surcharge and total, the partial-payment notice, what the amount
 * box accepts, required card fields, processing, the success panel, and the reset. No server call.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('demo checkout', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('runs the whole simulated flow without calling the server', async () => {
    page = await browser.newPage();
    const errors = watchErrors(page);
    const apiCalls: string[] = [];
    await page.goto(`${server.baseUrl}/#demo`);
    // The page's own configuration read (product name) is not part of the demo.
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') && path !== '/api/public/config') apiCalls.push(r.url());
    });
    const demo = page.locator('.demo-checkout');
    await demo.getByText('Preparing your invoice payment from Xero...').waitFor();
    const form = demo.getByRole('form', { name: 'Demo invoice payment' });
    const started = Date.now();
    await form.waitFor();
    expect(Date.now() - started).toBeGreaterThan(800);

    await expect(demo.getByText('INV-0042').isVisible()).resolves.toBe(true);
    await expect(demo.getByText('$600.00 AUD').isVisible()).resolves.toBe(true);
    const amount = demo.getByLabel('Payment amount (AUD)');
    expect(await amount.inputValue()).toBe('600.00');
    const surcharge = demo
      .locator('dt', { hasText: 'Card surcharge (2.95%)' })
      .locator('xpath=following-sibling::dd');
    const total = demo.locator('.demo-checkout__total dd');
    expect(await surcharge.textContent()).toBe('$17.70');
    expect(await total.textContent()).toBe('$617.70');
    expect(await demo.getByText(/partial payment/).count()).toBe(0);

    // Quick buttons: 25 % is a partial payment with the remaining balance shown.
    await demo.getByRole('button', { name: '25%' }).click();
    expect(await amount.inputValue()).toBe('150.00');
    expect(await surcharge.textContent()).toBe('$4.43');
    expect(await total.textContent()).toBe('$154.43');
    await expect(
      demo.getByText('This is a partial payment. Remaining balance after this payment: $450.00').isVisible(),
    ).resolves.toBe(true);
    for (const [label, value] of [
      ['50%', '300.00'],
      ['75%', '450.00'],
      ['100%', '600.00'],
    ]) {
      await demo.getByRole('button', { name: label }).click();
      expect(await amount.inputValue()).toBe(value);
    }
    expect(await demo.getByText(/partial payment/).count()).toBe(0);

    // The amount box keeps digits and one point, at most 2 decimals, never above the amount due.
    await amount.fill('');
    await amount.pressSequentially('12a.3.456');
    expect(await amount.inputValue()).toBe('12.34');
    await amount.fill('9999');
    expect(await amount.inputValue()).toBe('600.00');
    await amount.fill('');
    await form.getByRole('button', { name: /^Pay / }).click();
    await expect(demo.getByText('Please enter a valid payment amount.').isVisible()).resolves.toBe(true);
    await amount.fill('250.5');
    expect(await total.textContent()).toBe('$257.89');

    // Every card field is required.
    await form.getByRole('button', { name: 'Pay $257.89' }).click();
    for (const text of [
      'Card holder name is required',
      'Card number is required',
      'Expiry date is required',
      'CVV is required',
    ]) {
      await expect(demo.getByText(text).isVisible()).resolves.toBe(true);
    }
    await demo.getByLabel('Card holder name').fill('Bea Builder');
    expect(await demo.getByText('Card holder name is required').count()).toBe(0);
    await demo.getByLabel('Card number').pressSequentially('4242424242424242');
    expect(await demo.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await demo.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
    expect(await demo.getByLabel('Expiry (MM/YY)').inputValue()).toBe('12/30');
    await demo.getByLabel('CVV').fill('123');

    await form.getByRole('button', { name: 'Pay $257.89' }).click();
    await expect(demo.getByRole('button', { name: 'Processing payment...' }).isDisabled()).resolves.toBe(
      true,
    );
    const success = demo.getByRole('heading', { name: 'Payment Successful' });
    await success.waitFor();
    const line = (label: string) =>
      demo
        .locator('.demo-checkout__success dt', { hasText: label })
        .locator('xpath=following-sibling::dd')
        .textContent();
    expect(await line('Transaction ID')).toMatch(/^DEMO-[A-Z2-9]{10}$/);
    expect(await line('Date')).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(await line('Amount')).toBe('$250.50');
    expect(await line('Surcharge')).toBe('$7.39');
    expect(await line('Total')).toBe('$257.89');
    await expect(demo.getByText('Remaining balance on invoice INV-0042: $349.50').isVisible()).resolves.toBe(
      true,
    );

    // Make Another Payment shows the loading state (spec: "loading, form"), then a fresh form.
    await demo.getByRole('button', { name: 'Make Another Payment' }).click();
    await demo.getByRole('status').getByText('Preparing your next payment...').waitFor();
    await expect(demo.getAttribute('aria-busy')).resolves.toBe('true');
    await expect(success.isVisible()).resolves.toBe(false);
    await expect(form.isVisible()).resolves.toBe(false);
    await form.waitFor();
    await expect(demo.getAttribute('aria-busy')).resolves.toBe('false');
    expect(await amount.inputValue()).toBe('600.00');
    expect(await demo.getByLabel('Card holder name').inputValue()).toBe('');
    expect(await demo.getByLabel('Card number').inputValue()).toBe('');

    expect(apiCalls).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says the invoice is paid in full after paying 100%', async () => {
    page = await browser.newPage();
    await page.goto(`${server.baseUrl}/`);
    const demo = page.locator('.demo-checkout');
    await demo.getByRole('form').waitFor();
    await demo.getByLabel('Card holder name').fill('A');
    await demo.getByLabel('Card number').fill('4242');
    await demo.getByLabel('Expiry (MM/YY)').fill('1230');
    await demo.getByLabel('CVV').fill('1');
    await demo.getByRole('button', { name: 'Pay $617.70' }).click();
    await demo.getByText('Invoice INV-0042 is now paid in full.').waitFor();
    await page.close();
  });
});
