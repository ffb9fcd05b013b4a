/**
 * The two steps of paying in the widget (decision 0009, sandbox mode): the payment details are quoted by
 * the server before Pay ("Visa credit · surcharge 2.95 % · Total A$…", the Pay button shows that
 * total), a change of card or amount asks again, the server confirms the charge, and after too many
 * declines the Pay button is disabled with a countdown that counts down — while a customer's first
 * decline never stops their next card.
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
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe('quote, then pay (sandbox)', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  let seq = 0;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { RATE_LIMITS: '1', DECLINE_LIMIT_SESSION: '2', DECLINE_BLOCK_MINUTES: '1' } }),
      launchBrowser(),
    ]);
    merchant = createConnectedMerchant(server, {
      surcharge_rules: JSON.stringify([{ funding: 'debit', bps: 0 }]),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(amount: string): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-Q${++seq}&AMOUNTDUE=${amount}`);
    await waitForForm(widget(page));
    return page;
  }
  it('quotes the card before Pay, asks again when the card or the amount changes, and charges the quoted total', async () => {
    const page = await open('1,000.00');
    const errors = watchErrors(page);
    const w = widget(page);
    const quotes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payments/quote')) quotes.push(r.postData() ?? '');
    });
    await fillSandboxCard(w, CARDS.visaAu);
    await w.getByText(`Visa credit · surcharge 2.95 % · Total ${money(102950)}`).waitFor();
    await w.getByRole('button', { name: `Pay ${money(102950)}` }).waitFor();
    // Another card: the quote goes, the new one comes (a debit card costs no surcharge here).
    await w.getByLabel('Card number').fill(CARDS.visaDebit);
    await w.getByText(`Visa debit · no surcharge · Total ${money(100000)}`).waitFor();
    await expect(w.locator('button[type=submit]').textContent()).resolves.toBe(`Pay ${money(100000)}`);
    // Another amount: asked again.
    await w.getByRole('button', { name: 'Pay 50% of the balance' }).click();
    await w.getByText(`Visa debit · no surcharge · Total ${money(50000)}`).waitFor();
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    await w.locator('button[type=submit]').click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expect(w.getByText(money(50000)).first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows Processing... while the server confirms, and the spec’s decline under the card box', async () => {
    const page = await open('80.00');
    const w = widget(page);
    await page.route('**/api/payments/create-payment-intent', async (route) => {
      await new Promise((r) => setTimeout(r, 400)); // long enough to see the busy state
      await route.continue();
    });
    await fillSandboxCard(w, CARDS.insufficientFunds);
    await w.getByText(/Visa credit · surcharge 2.95 %/).waitFor();
    await w.locator('button[type=submit]').click();
    await w.getByRole('button', { name: 'Processing...' }).waitFor();
    await w.getByText('Your card has insufficient funds. Please try a different payment method.').waitFor();
    // The card still typed in is not tokenised and quoted again on its own: nothing until it changes.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/confirmation_tokens|\/api\/payments\/quote/.test(r.url())) asked.push(r.url());
    });
    await page.waitForTimeout(1500);
    expect(asked).toEqual([]);
    await w.getByLabel('Card number').fill(CARDS.visa);
    await w.getByText(/Visa credit · surcharge 2.95 %/).waitFor();
    expect(asked.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('a server that went away mid-payment: the page keeps checking under the same key and ends on the outcome', async () => {
    const page = await open('120.00');
    const errors = watchErrors(page);
    const w = widget(page);
    const keys: string[] = [];
    let seen = 0;
    await page.route('**/api/payments/create-payment-intent', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      seen++;
      if (seen === 1) {
        // The server charges, then its answer is lost with it (a host killed mid-payment).
        await route.fetch();
        return route.abort('connectionreset');
      }
      if (seen === 2)
        // Another host, while the dead one's claim has not lapsed yet.
        return route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'idempotency_conflict',
              message: 'A request with this Idempotency-Key is still being processed.',
            },
            retryAfterSeconds: 1,
          }),
        });
      return route.continue(); // the claim lapsed: the run is resumed, its answer given
    });
    await fillSandboxCard(w, CARDS.visa);
    await w.getByText(/Visa credit · surcharge 2.95 %/).waitFor();
    await w.locator('button[type=submit]').click();
    await w.getByText('Checking your payment… Please keep this page open.').waitFor();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(seen).toBe(3);
    expect(new Set(keys).size).toBe(1); // one Idempotency-Key throughout: nothing charged twice
    // The browser reports the two answers we took away; nothing else went wrong on the page.
    expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    await page.context().close();
  });

  it('past the pay session’s decline limit, Pay is disabled and waits with a countdown that counts down', async () => {
    const page = await open('300.00');
    const w = widget(page);
    await fillSandboxCard(w, CARDS.declined);
    await w.locator('button[type=submit]').click();
    await w.getByText('Your card was declined.').waitFor();
    // Second decline in this pay session: the limit (2 for this server) is reached.
    await w.getByLabel('Card number').fill(CARDS.insufficientFunds);
    await w.getByText(/Total/).waitFor();
    await w.locator('button[type=submit]').click();
    await w.getByText('Your card has insufficient funds. Please try a different payment method.').waitFor();
    await w.getByLabel('Card number').fill(CARDS.visa);
    await w.locator('button[type=submit]').click();
    await w.getByText(/Too many declined payment attempts/).waitFor();
    const wait = w.locator('[part=wait]');
    await expect(w.locator('button[type=submit]').isDisabled()).resolves.toBe(true);
    const first = await wait.textContent();
    await page.waitForTimeout(2100);
    const later = await wait.textContent();
    expect(first).toMatch(/^Too many declined payment attempts\. You can try again in (1:00|0:[0-5]\d)\./);
    expect(later).not.toBe(first); // it really counts down
    // Said once (issue 36 item 6): the countdown's line, nowhere else.
    await expect(w.getByText(/Too many declined payment attempts/).count()).resolves.toBe(1);
    // While it waits, editing the card asks nothing of the server.
    const quotes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/payments/quote')) quotes.push(r.url());
    });
    for (const card of [CARDS.mastercard, CARDS.visa, CARDS.mastercard]) {
      await w.getByLabel('Card number').fill(card);
      await page.waitForTimeout(500);
    }
    expect(quotes).toEqual([]);
    await page.context().close();
  });

  it('a first decline does not stop the next card', async () => {
    const page = await open('120.00');
    const w = widget(page);
    await fillSandboxCard(w, CARDS.stolen);
    await w.locator('button[type=submit]').click();
    await w
      .getByText('This card has been reported as lost or stolen. Please use a different card.')
      .waitFor();
    await w.getByLabel('Card number').fill(CARDS.visa);
    await w.getByRole('button', { name: `Pay ${money(12354)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.context().close();
  });
});
