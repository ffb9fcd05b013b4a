/**
 * Past the merchant's decline ceiling (issue 30 item 7, DESIGN §3.4), the pay page is asked for a
 * proof of work before its quote; the widget solves it in the browser (Web Crypto) and the customer
 * pays as usual — a challenge, not a lockout.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import {
  CARDS,
  createConnectedMerchant,
  fillSandboxCard,
  payOverHttp,
  waitForForm,
  widget,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('pay page past a decline ceiling', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        env: { RATE_LIMITS: '1', DECLINE_CEILING_MERCHANT: '2', CHALLENGE_MAX_NUMBER: '20000' },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('solves the challenge before the quote and pays', async () => {
    const merchant = createConnectedMerchant(server);
    for (const invoice of ['TEST-1', 'TEST-2']) {
      const declined = await payOverHttp(server.baseUrl, {
        merchant: merchant.id,
        invoice,
        linkAmount: '10.00',
        amount: 1000,
        card: CARDS.declined,
      });
      expect(declined.status).toBe(422);
    }
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    const quotes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/payments/quote')) quotes.push(r.status());
    });
    await page.goto(`${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-C1&AMOUNTDUE=40.00`);
    const w = widget(page);
    await waitForForm(w);
    await fillSandboxCard(w, CARDS.visa);
    await w.locator('button[type=submit]').click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(quotes[0]).toBe(428); // asked for the check
    expect(quotes).toContain(200); // then quoted with it
    // The 428 itself is logged by the browser as a failed resource; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('428'))).toEqual([]);
    await page.close();
  });
});
