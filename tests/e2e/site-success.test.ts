/**
 * `/success` in Chromium against the real server with real sandbox payments (pay session → create
 * intent → sandbox card confirmation, as the widget does): 'Verifying' then the server's figures,
 * Make Another Payment with the link's amount (DESIGN §4b), the fully-paid text, `reference`
 * lookups, a declined payment, the spec's error texts, End Session, and axe-core.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import {
  CARDS,
  createConnectedMerchant,
  money,
  payOverHttp,
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { receiptTokenFor } from './support/site.ts';

describe('payment success page', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchant = createConnectedMerchant(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Pay `amount` (minor units) on a link for `invoice` with amount due `linkAmount`, as the widget would. */
  async function pay(invoice: string, linkAmount: string, amount: number, card: string = CARDS.visa) {
    const created = await payOverHttp(server.baseUrl, {
      merchant: merchant.id,
      invoice,
      linkAmount,
      amount,
      card,
    });
    expect([200, 422], JSON.stringify(created.body)).toContain(created.status);
    const body = created.status === 200 ? created.body : created.body.payment;
    return {
      paymentIntentId: body.transactionId as string,
      paymentId: body.paymentId as string,
      /** The receipt token: the proof /success passes on (issue 49 item 7). */
      t: receiptTokenFor(body.paymentId as string),
      breakdown: { surcharge: body.surcharge as number, total: body.total as number },
    };
  }

  async function open(path: string, page?: Page): Promise<{ page: Page; errors: string[] }> {
    page ??= await newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.baseUrl}${path}`);
    return { page, errors };
  }

  /** A page in its own context (axe-core needs one it can drive). */
  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    page.on('close', () => void context.close().catch(() => undefined));
    return page;
  }

  const details = (page: Page) => page.locator('.payment-result__details').innerText();

  it('a partial payment: Verifying, then the figures from the server and Make Another Payment for the same link', async () => {
    const paid = await pay('INV-5001', '100.00', 4000);
    // Hold the details call so the Verifying state is observable.
    const page = await newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/payments/details**', async (route) => {
      await held;
      await route.continue();
    });
    // "Verifying…" (spec wording) from the first paint: while the page's code loads (held here), then
    // while it checks.
    let releaseCode!: () => void;
    const codeHeld = new Promise<void>((r) => (releaseCode = r));
    await page.route('**/assets/PaymentSuccessPage-*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    const { errors } = await open(
      `/success?session_id=${paid.paymentIntentId}&t=${paid.t}&invoice_no=INV-5001`,
      page,
    );
    await page.getByRole('heading', { name: 'Verifying…', exact: true }).waitFor();
    const codeLoaded = page.waitForResponse('**/assets/PaymentSuccessPage-*.js');
    releaseCode();
    await codeLoaded;
    await page.getByRole('heading', { name: 'Verifying…', exact: true }).waitFor();
    expect(await page.getByRole('status').first().innerText()).toContain('Verifying your payment');
    release();
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await page.title()).toBe('Payment successful | InvoicePay');
    const text = await details(page);
    expect(text).toContain('INV-5001');
    expect(text).toMatch(new RegExp(`Amount paid\\s+${escape(money(4000))}`));
    expect(text).toMatch(new RegExp(`Card surcharge\\s+${escape(money(paid.breakdown.surcharge))}`));
    expect(text).toMatch(new RegExp(`Total charged\\s+${escape(money(paid.breakdown.total))}`));
    expect(text).toMatch(new RegExp(`Remaining due\\s+${escape(money(6000))}`));
    expect(text).toContain(paid.paymentId); // our reference, never the provider's intent id
    expect(text).not.toContain(paid.paymentIntentId);
    expect(await page.getByText('This invoice has been fully paid. Thank you!').count()).toBe(0);
    const again = new URL(
      (await page.getByRole('link', { name: 'Make Another Payment' }).getAttribute('href'))!,
      server.baseUrl,
    );
    expect(again.pathname).toBe('/pay');
    // The link's amount (100.00), not the remaining: the pay page asks the server for the balance.
    expect(Object.fromEntries(again.searchParams)).toEqual({
      invoiceNo: 'INV-5001',
      amount: '100.00',
      currency: 'AUD',
      merchant_id: merchant.id,
    });
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('paying the rest: by reference (our payment id) it shows the invoice fully paid, with no Make Another Payment', async () => {
    await pay('INV-5002', '250.00', 10000);
    const last = await pay('INV-5002', '250.00', 15000);
    const { page } = await open(`/success?reference=${last.paymentId}&t=${last.t}`);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('This invoice has been fully paid. Thank you!').waitFor();
    expect(await details(page)).toMatch(new RegExp(`Remaining due\\s+${escape(money(0))}`));
    expect(await page.getByRole('link', { name: 'Make Another Payment' }).count()).toBe(0);
    // The heading takes focus so screen readers start at the result.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Payment Successful');
    await page.close();
  });

  it("links the payment's receipt: its figures, printable, fitting 320 px; without its token it is not found", async () => {
    const paid = await pay('INV-5007', '80.00', 8000);
    const { page, errors } = await open(
      `/success?session_id=${paid.paymentIntentId}&t=${paid.t}&invoice_no=INV-5007`,
    );
    const link = page.getByRole('link', { name: 'View or print your receipt' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`/receipt/${paid.paymentId}\\?t=[\\w-]{22}$`));
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Receipt for invoice INV-5007' }).waitFor();
    expect(await page.title()).toBe('Receipt | InvoicePay');
    const text = await page.locator('.receipt__details').innerText();
    expect(text).toMatch(new RegExp(`Paid on the invoice\\s+${escape(money(8000))}`));
    expect(text).toMatch(new RegExp(`Total charged\\s+${escape(money(paid.breakdown.total))}`));
    expect(text).toContain('Visa credit ending 4242');
    // Dated as the merchant's country (AU) writes it: day first, "8 December 2026" (issue 50 item 6).
    expect(text).toMatch(
      /\b\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}\b/,
    );
    expect(text).toContain(paid.paymentIntentId); // the receipt names the provider's reference
    await page.getByRole('button', { name: 'Print or save as PDF' }).waitFor();
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 800 });
    const wide = () =>
      page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        wide: Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > 321)
          .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
          .slice(0, 5),
      }));
    await expect.poll(wide).toMatchObject({ scroll: 320, wide: [] });
    expect(errors).toEqual([]);

    const res = await fetch(`${server.baseUrl}/receipt/${paid.paymentId}`);
    expect(res.status).toBe(200); // a page of the site; the receipt itself needs the token
    const { page: bare } = await open(`/receipt/${paid.paymentId}?t=wrong`);
    await bare.getByRole('heading', { name: 'Receipt not found' }).waitFor();
    await bare.getByRole('alert').filter({ hasText: 'Receipt not found.' }).waitFor();
    await bare.close();
    await page.close();
  });

  it('a declined payment is not shown as successful', async () => {
    const declined = await pay('INV-5003', '80.00', 8000, CARDS.declined);
    const { page } = await open(
      `/success?session_id=${declined.paymentIntentId}&t=${declined.t}&invoice_no=INV-5003`,
    );
    await page.getByRole('heading', { name: 'Payment Not Completed' }).waitFor();
    await page.getByText('your card was not charged').waitFor();
    expect(await page.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toContain(
      'invoiceNo=INV-5003',
    );
    await page.close();
  });

  it("without a session it says 'Invalid payment session.'; an unknown one says to contact support", async () => {
    const { page, errors } = await open('/success');
    await page.getByText('Invalid payment session.').waitFor();
    await page.goto(`${server.baseUrl}/success?invoice_no=INV-1`);
    await page.getByText('Invalid payment session.').waitFor();
    await page.goto(`${server.baseUrl}/success?session_id=pi_doesnotexist123&invoice_no=INV-1`);
    await page.getByText('Unable to retrieve payment details. Please contact support.').waitFor();
    await page.goto(`${server.baseUrl}/success?reference=${crypto.randomUUID()}`);
    await page.getByText('Unable to retrieve payment details. Please contact support.').waitFor();
    // A real payment without the payer's proof (its receipt token or pay session): the same answer.
    const paid = await pay('INV-5008', '50.00', 5000);
    await page.goto(`${server.baseUrl}/success?reference=${paid.paymentId}`);
    await page.getByText('Unable to retrieve payment details. Please contact support.').waitFor();
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await page.close();
  });

  it('End Session closes a window the payment flow opened, and goes to /payment-complete where it cannot', async () => {
    const paid = await pay('INV-5004', '60.00', 1000);
    const path = `/success?session_id=${paid.paymentIntentId}&t=${paid.t}&invoice_no=INV-5004`;

    // A tab with history of its own cannot be closed by script: the thank-you page instead.
    const { page } = await open('/');
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByRole('button', { name: 'End Session' }).click();
    await page.waitForURL('**/payment-complete');
    await page.getByText('You may close this window now.').waitFor();

    // A window opened by script (e.g. the merchant's site opened the pay page) closes.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => void window.open(url, '_blank', 'popup'), path),
    ]);
    const closed = popup.waitForEvent('close', { timeout: 5000 });
    await popup.getByRole('button', { name: 'End Session' }).click();
    await closed;
    expect(popup.isClosed()).toBe(true);
    await page.close();
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
