/**
 * `<invoice-pay>` embedded on a merchant's own page: served from another origin (a second local
 * HTTP server on another port) with a hostile stylesheet, the script included twice, two widgets
 * (one inside another shadow root), attributes and properties changed live, and the events the
 * host page sees.
 */
import { createServer, type Server } from 'node:http';
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
import { freePort, startServer, type RunningServer } from './support/server.ts';
import { receiptTokenFor } from './support/site.ts';

/** What a careless merchant site might ship: resets that would wreck an unisolated widget. */
const HOSTILE_CSS = `
  * { box-sizing: content-box !important; font-family: "Comic Sans MS", cursive !important; letter-spacing: 3px; }
  html { font-size: 30px; color: #0f0; }
  button, input { all: unset; background: #f0f !important; color: #ff0 !important; border: 5px dotted lime !important; }
  div, p { padding: 40px; margin: 30px; }
  table, form { display: none !important; }
  #shell { --invoice-pay-accent: #7c2d12; --invoice-pay-radius: 0px; } /* inherited into the nested widget */
  invoice-pay::part(pay-button) { text-transform: uppercase; }
`;

function hostPage(api: string, m: TestMerchant): string {
  return `<!doctype html><html lang="en"><head><title>Merchant site</title><style>${HOSTILE_CSS}</style>
<script src="${api}/widget/invoice-pay.js"></script>
<script src="${api}/widget/invoice-pay.js"></script>
<script>
  window.seen = [];
  for (const n of ['ready', 'payment', 'paid', 'error', 'end'])
    document.addEventListener('invoice-pay:' + n, (e) => seen.push({ type: e.type, id: e.composedPath()[0].id, detail: e.detail }));
</script></head><body>
<h1>Pay us</h1>
<invoice-pay id="a" merchant="${m.id}" invoice="INV-E1" amount="100.00" currency="AUD"></invoice-pay>
<div id="shell"></div>
<script>
  // A second widget deep inside the host's own shadow root: its events must still reach document.
  const shell = document.getElementById('shell').attachShadow({ mode: 'open' });
  shell.innerHTML = '<invoice-pay id="b" shortcode="${m.shortcode}" invoice="INV-E2" amount="50.00"></invoice-pay>';
</script>
</body></html>`;
}

describe('embedded widget', () => {
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  let host: Server;
  let hostUrl: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    merchant = createConnectedMerchant(server);
    const port = await freePort();
    host = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostPage(server.baseUrl, merchant));
    });
    await new Promise<void>((r) => host.listen(port, '127.0.0.1', r));
    hostUrl = `http://127.0.0.1:${port}/shop/pay.html`; // another origin than the API
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((r) => host?.close(r));
  });

  const seen = (page: Page) =>
    page.evaluate(
      () =>
        (window as unknown as { seen: { type: string; id: string; detail: Record<string, unknown> }[] }).seen,
    );

  it('renders isolated from hostile host CSS, themed by custom properties and ::part', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 900 } });
    page.setDefaultTimeout(10_000);
    const errors = watchErrors(page);
    await page.goto(hostUrl);
    const a = widget(page, 0);
    const b = page.locator('#b');
    await waitForForm(a);
    await waitForForm(b);
    const look = (w: typeof a) =>
      w.evaluate((el) => {
        const root = el.shadowRoot!;
        const pay = root.querySelector('button[type=submit]') as HTMLElement;
        const input = root.querySelector('#ip-am') as HTMLElement;
        const s = getComputedStyle(pay);
        return {
          payBg: s.backgroundColor,
          payFont: s.fontFamily,
          payTransform: s.textTransform,
          payRadius: s.borderTopLeftRadius,
          inputSizing: getComputedStyle(input).boxSizing,
          inputVisible: input.getBoundingClientRect().width > 0,
          inputFits: input.getBoundingClientRect().right <= document.documentElement.clientWidth,
          hostFontSize: getComputedStyle(root.querySelector('[part~=root]')!).fontSize,
        };
      });
    const styleA = await look(a);
    expect(styleA).toMatchObject({
      payBg: 'rgb(15, 81, 50)', // the product's brand green, the default accent
      payTransform: 'uppercase',
      payRadius: '6px',
      inputSizing: 'border-box',
      inputVisible: true,
      inputFits: true,
      hostFontSize: '15px',
    });
    expect(styleA.payFont).not.toMatch(/Comic/);
    const styleB = await look(b);
    expect(styleB.payBg).toBe('rgb(124, 45, 18)');
    expect(styleB.payRadius).toBe('0px');

    // Registered once although the script ran twice; both widgets report ready with their own invoice.
    await expect
      .poll(async () => (await seen(page)).filter((e) => e.type === 'invoice-pay:ready').length)
      .toBe(2);
    const ready = (await seen(page)).filter((e) => e.type === 'invoice-pay:ready');
    expect(ready.map((e) => [e.id, e.detail.invoice, e.detail.remaining]).sort()).toEqual([
      ['a', 'INV-E1', 10000],
      ['b', 'INV-E2', 5000],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('completes a payment cross-origin and fires payment, paid and end with the right details', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    const errors = watchErrors(page);
    await page.goto(hostUrl);
    const a = widget(page, 0);
    await waitForForm(a);
    await fillSandboxCard(a, CARDS.visa);
    await a
      .getByRole('button', { name: `Pay ${money(10295)}`.toUpperCase() })
      .or(a.locator('button[type=submit]'))
      .first()
      .click();
    await a.getByText('Invoice fully paid!').waitFor();
    // The other widget on the page is untouched.
    await expect(
      page
        .locator('#b')
        .getByLabel(/^Payment amount/)
        .inputValue(),
    ).resolves.toBe('50.00');

    const events = (await seen(page)).filter((e) => e.id === 'a' && e.type !== 'invoice-pay:ready');
    expect(events.map((e) => e.type)).toEqual(['invoice-pay:payment', 'invoice-pay:paid']);
    const detail = events[0].detail;
    expect(detail).toMatchObject({
      invoice: 'INV-E1',
      currency: 'AUD',
      amount: 10000,
      surcharge: 295,
      total: 10295,
      remaining: 0,
    });
    expect(detail.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(detail.transactionId).toMatch(/^pi_/);
    expect(events[1].detail).toEqual(detail);
    // The server agrees: the success page's details for that intent.
    const details = await fetch(
      `${server.baseUrl}/api/payments/details?session_id=${detail.transactionId}&t=${receiptTokenFor(detail.paymentId as string)}`,
    ).then((r) => r.json());
    expect(details).toMatchObject({
      status: 'succeeded',
      amount: 10000,
      surcharge: 295,
      total: 10295,
      remaining_due: 0,
    });

    await a.getByRole('button', { name: 'End Session' }).click();
    await a.getByText('Your payment session has ended. You may close this window now.').waitFor();
    const end = (await seen(page)).filter((e) => e.type === 'invoice-pay:end');
    expect(end).toHaveLength(1);
    expect(end[0].detail).toMatchObject({ paymentId: detail.paymentId, remaining: 0 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reacts to attribute and property changes, and shows the debug panel only with `debug`', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(hostUrl);
    const b = page.locator('#b');
    await waitForForm(b);
    await b.evaluate((el) => el.setAttribute('invoice', 'INV-E9'));
    await b.getByText('INV-E9').waitFor();
    await b.evaluate((el) => ((el as HTMLElement & { amount: string }).amount = '75.00'));
    await expect.poll(() => b.getByLabel(/^Payment amount/).inputValue()).toBe('75.00');

    await expect(b.getByText('Loading state: ready').count()).resolves.toBe(0);
    await b.evaluate((el) => el.setAttribute('debug', ''));
    await b.getByText('Loading state: ready').waitFor();
    await expect(b.getByText(`Merchant ID: (none)`).isVisible()).resolves.toBe(true);
    await expect(b.getByText(`Shortcode: ${merchant.shortcode}`).isVisible()).resolves.toBe(true);
    await expect(b.getByText(`Connected account: ${merchant.accountId}`).isVisible()).resolves.toBe(true);
    await b.evaluate((el) => el.removeAttribute('debug'));
    await expect.poll(() => b.getByText('Loading state: ready').count()).toBe(0);

    await b.evaluate((el) => el.removeAttribute('invoice'));
    await b.getByRole('heading', { name: 'Invalid payment link' }).waitFor();
    const errorEvent = (await seen(page)).find((e) => e.type === 'invoice-pay:error');
    expect(errorEvent?.detail).toMatchObject({
      code: 'invalid',
      message: 'Invalid payment link: the invoice number is missing.',
    });
    await page.close();
  });

  it('shows a short error with a retry instead of a blank box when it crashes, and reports it', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    // A broken upstream answer (a proxy mangling JSON): a pay session without its invoice.
    await page.route(`${server.baseUrl}/api/pay/session?*`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: '{"paySessionId":"x","merchant":{"ready":true,"name":"X"}}',
      }),
    );
    await page.goto(hostUrl);
    const a = widget(page, 0);
    await a.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    const crash = (await seen(page)).find((e) => e.type === 'invoice-pay:error' && e.detail.code === 'crash');
    expect(crash?.detail.message).toBeTruthy();
    await page.unroute(`${server.baseUrl}/api/pay/session?*`);
    await a.getByRole('button', { name: 'Try again' }).click();
    await a.getByRole('heading', { name: 'Invoice Payment' }).waitFor(); // the real session this time
    await page.close();
  });
});
