/**
 * The hosted pay page (`/pay`, `/pay/{merchantId}`, `/pay/{shortcode}`, `/` links) driven in
 * Chromium against the real server in sandbox mode: partial payments on several cards, the
 * invoice ledger across visits, the spec's decline messages, keyboard-only use and axe-core.
 */
import AxeBuilder from '@axe-core/playwright';
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

describe('hosted pay page', () => {
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

  const open = async (path: string): Promise<Page> => {
    // A context per page: axe-core needs one, and each visit starts with empty session storage.
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}${path}`);
    return page;
  };

  it('takes 25 % on one card and the rest on another, then shows the invoice paid when reopened', async () => {
    const link = `/pay/${merchant.id}?INVOICENUMBER=INV-1001&AMOUNTDUE=1,000.00&CURRENCY=AUD`;
    const page = await open(link);
    const errors = watchErrors(page);
    const w = widget(page);
    await waitForForm(w);
    await expect(page.locator('.pay-merchant-name').textContent()).resolves.toBe(merchant.name);
    await expect(w.getByRole('heading', { name: 'Invoice Payment' }).isVisible()).resolves.toBe(true);
    await expect(w.getByText('INV-1001').isVisible()).resolves.toBe(true);
    await expect(w.getByText(`Balance: ${money(100000)}`).isVisible()).resolves.toBe(true);

    await w.getByRole('button', { name: 'Pay 25% of the balance' }).click();
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('250.00');
    await expect(w.getByText('Surcharge (2.95%)').isVisible()).resolves.toBe(true);
    const pay = w.locator('button[type=submit]');
    await expect(pay.textContent()).resolves.toBe(`Pay ${money(25738)}`); // 250.00 + 7.375 → 7.38
    await fillSandboxCard(w, CARDS.visa);
    await pay.dblclick(); // a double submit pays once (the history below has two payments, not three)
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expect(w.locator('form').count()).resolves.toBe(0); // the success view replaces the form
    const success = w.locator('[part~=success]');
    await expect(success.textContent()).resolves.toContain('Thank you for your payment.');
    await expect(success.textContent()).resolves.toContain(money(25738));
    await expect(success.textContent()).resolves.toMatch(/pi_[A-Za-z0-9]+/);
    await expect(w.getByRole('button', { name: 'End Session' }).isVisible()).resolves.toBe(true);
    // The payment's receipt page, in a new tab.
    const receipt = success.getByRole('link', { name: 'View or print your receipt' });
    await expect(receipt.getAttribute('href')).resolves.toMatch(/\/receipt\/[\w-]+\?t=[\w-]{22}$/);
    await expect(receipt.getAttribute('target')).resolves.toBe('_blank');

    await w.getByRole('button', { name: 'Make Another Payment' }).click();
    await waitForForm(w);
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('750.00');
    await fillSandboxCard(w, CARDS.mastercard, { name: 'Alex Builder' });
    await w.getByRole('button', { name: `Pay ${money(77213)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await w.getByText('Invoice fully paid!').waitFor();
    await expect(w.getByRole('button', { name: 'Make Another Payment' }).count()).resolves.toBe(0);
    await w.getByText(`Balance: ${money(0)}`).waitFor();

    await w.getByRole('button', { name: 'Show' }).click();
    const rows = w.locator('table tbody tr');
    await expect(rows.count()).resolves.toBe(2);
    const history = await w.locator('table').textContent();
    expect(history).toContain(money(25000));
    expect(history).toContain(money(75000));
    // Dated as the merchant's country (AU) writes dates, on its clock (Australia/Sydney), whatever
    // the browser's locale (en-US here): "8 Dec 2026", never "12/8/2026".
    const today = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Sydney' });
    expect(history).toContain(today.format(new Date()));
    expect(history).not.toMatch(/\d+\/\d+\/\d{4}/);
    await w.getByRole('button', { name: 'Hide' }).click();
    await expect(w.locator('table').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();

    const again = await open(link);
    const w2 = widget(again);
    await w2.getByText('This invoice has been fully paid. Thank you!').waitFor();
    await expect(w2.getByLabel(/^Payment amount/).count()).resolves.toBe(0);
    await again.close();
  });

  it('redirects a Xero-style link on / to the pay page, which opens the right invoice and amount', async () => {
    const query = `?INVOICENUMBER=INV-0042&AMOUNTDUE=1,250.00&CURRENCY=AUD&SHORTCODE=${merchant.shortcode}`;
    const direct = await fetch(`${server.baseUrl}/${query}`, { redirect: 'manual' });
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toBe(`/pay${query}`);

    const page = await open(`/${query}`);
    const w = widget(page);
    await waitForForm(w);
    expect(new URL(page.url()).pathname).toBe('/pay');
    await expect(w.getByText('INV-0042').isVisible()).resolves.toBe(true);
    await expect(w.getByText(`Invoice total: ${money(125000)}`).isVisible()).resolves.toBe(true);
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('1250.00');
    await page.close();

    // The shortcode as a path segment, with the lower-case aliases.
    const short = await open(`/pay/${merchant.shortcode}?invoiceno=INV-0043&amount=80&currency=aud`);
    const w2 = widget(short);
    await waitForForm(w2);
    await expect(w2.getByText('INV-0043').isVisible()).resolves.toBe(true);
    await expect(w2.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('80.00');
    await short.close();
  });

  it('shows the spec message for each declined card, keeps the balance, then takes the whole balance', async () => {
    const page = await open(`/pay/${merchant.id}?invoiceNo=INV-2002&AMOUNTDUE=300.00`);
    const errors = watchErrors(page);
    const w = widget(page);
    await waitForForm(w);
    const cardError = w.locator('[part~=card-error]');
    const declines: [string, string][] = [
      [CARDS.insufficientFunds, 'Your card has insufficient funds. Please try a different payment method.'],
      [CARDS.stolen, 'This card has been reported as lost or stolen. Please use a different card.'],
      [CARDS.lost, 'This card has been reported as lost or stolen. Please use a different card.'],
      [CARDS.expired, 'Your card has expired. Please update your card information or use a different card.'],
      [CARDS.declined, 'Your card was declined.'],
    ];
    for (const [card, message] of declines) {
      await fillSandboxCard(w, card);
      await w.locator('button[type=submit]').click();
      await w.getByText(message).waitFor();
      await expect(cardError.textContent()).resolves.toBe(message);
      await expect(w.getByText(`Balance: ${money(30000)}`).isVisible()).resolves.toBe(true);
    }
    const session = await fetch(
      `${server.baseUrl}/api/pay/session?merchant=${merchant.id}&invoice=INV-2002&amount=300.00&currency=AUD`,
    ).then((r) => r.json());
    expect(session.invoice.balance).toBe(30000);

    await fillSandboxCard(w, CARDS.visa);
    await expect(cardError.textContent()).resolves.toBe(''); // a new card clears the old error
    await w.getByRole('button', { name: `Pay ${money(30885)}` }).click();
    await w.getByText('Invoice fully paid!').waitFor();
    // The declines were our API's 422 answers (the server confirmed and the bank refused): nothing else.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await page.close();
  });

  it('asks for an amount when the link has none, with the 0.50 minimum, then takes it', async () => {
    const page = await open(`/pay/${merchant.id}?invoice_no=INV-3003`);
    const w = widget(page);
    const manual = w.getByLabel('Please enter the amount you would like to pay');
    await manual.fill('0.2');
    await w.getByRole('button', { name: 'Use This Amount' }).click();
    await w.getByText(`The minimum payment is ${money(50)}.`).waitFor();
    await manual.fill('120');
    await w.getByRole('button', { name: 'Use This Amount' }).click();
    await waitForForm(w);
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('120.00');
    await w.getByLabel(/^Payment amount/).fill('130abc');
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('120.00'); // clamped to the stated amount
    await w.getByLabel(/^Payment amount/).fill('1.2.3x');
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('1.23');
    await w.getByRole('button', { name: 'Pay 100% of the balance' }).click();
    await fillSandboxCard(w, CARDS.visa);
    await w.getByRole('button', { name: `Pay ${money(12354)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });

  it('explains broken links: missing invoice, unknown merchant, merchant not set up', async () => {
    const missing = await open(`/pay/${merchant.id}?amount=10`);
    await widget(missing).getByRole('heading', { name: 'Invalid payment link' }).waitFor();
    await expect(
      widget(missing).getByText('Please check the payment link and try again.').isVisible(),
    ).resolves.toBe(true);
    await missing.close();

    const unknownId = crypto.randomUUID();
    const unknown = await (await browser.newContext()).newPage();
    const warnings: string[] = [];
    unknown.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    await unknown.goto(`${server.baseUrl}/pay/${unknownId}?invoiceno=INV-1&amount=10`);
    await widget(unknown).getByRole('heading', { name: 'Merchant Not Found' }).waitFor();
    // The page's developer is told why in the console (issue 51 item 5).
    await expect
      .poll(() => warnings.join('\n'))
      .toContain(`invoice-pay: merchant ${unknownId} not found at ${server.baseUrl}`);
    await expect(
      widget(unknown)
        .getByText("We couldn't find the merchant you're looking for. Please check the URL and try again.")
        .isVisible(),
    ).resolves.toBe(true);
    await unknown.close();

    const pending = createConnectedMerchant(server, { stripe_charges_enabled: 0 });
    const notReady = await open(`/pay/${pending.id}?invoiceno=INV-1&amount=10`);
    await widget(notReady).getByRole('heading', { name: 'Merchant Not Configured' }).waitFor();
    await expect(
      widget(notReady)
        .getByText("This merchant hasn't completed their payment setup yet. Please contact them directly.")
        .isVisible(),
    ).resolves.toBe(true);
    await notReady.close();
  });

  it('can be paid with the keyboard alone, ends on /payment-complete, and passes axe-core', async () => {
    const page = await open(`/pay/${merchant.id}?INVOICENUMBER=INV-4004&AMOUNTDUE=40.00`);
    const w = widget(page);
    await waitForForm(w);
    const axe = async () => {
      const result = await new AxeBuilder({ page }).analyze();
      // Proof that axe looked inside the element's shadow root (shadow targets are nested arrays).
      expect(result.passes.some((p) => p.nodes.some((n) => Array.isArray(n.target[0])))).toBe(true);
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help}`);
    };
    await expect(axe()).resolves.toEqual([]);

    const focused = () =>
      page.evaluate(() => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el ? `${el.tagName.toLowerCase()}#${el.id}|${el.textContent?.trim() ?? ''}` : '';
      });
    const tabTo = async (match: (f: string) => boolean) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        if (match(await focused())) return;
      }
      throw new Error(`never reached by Tab (last: ${await focused()})`);
    };
    await tabTo((f) => f.includes('|50%'));
    await page.keyboard.press('Enter');
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('20.00');
    await tabTo((f) => f.startsWith('input#ip-cc'));
    await page.keyboard.type(CARDS.visa);
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await tabTo((f) => f.includes(`|Pay ${money(2059)}`));
    const outline = await page.evaluate(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return getComputedStyle(el!).outlineStyle;
    });
    expect(outline).not.toBe('none'); // visible focus
    await page.keyboard.press('Enter');
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expect(focused()).resolves.toContain('Payment Successful!'); // focus moves to the news
    await expect(axe()).resolves.toEqual([]);
    await tabTo((f) => f.includes('|End Session'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payment-complete$/);
    await page.getByText('You may close this window now.').waitFor();
    await page.close();
  });

  it('runs 3-D Secure in test mode: a failed challenge shows why, a completed one pays', async () => {
    const page = await open(`/pay/${merchant.id}?INVOICENUMBER=INV-5005&AMOUNTDUE=60.00`);
    const w = widget(page);
    await waitForForm(w);
    await fillSandboxCard(w, CARDS.threeDSecure);
    await w.locator('button[type=submit]').click();
    const dialog = w.getByRole('dialog', { name: '3-D Secure authentication (test mode)' });
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await w
      .getByText(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      )
      .waitFor();
    await w.locator('button[type=submit]').click();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.close();
  });

  it("shows another customer's card check as being paid, not paid, and frees it when that page is closed", async () => {
    const link = `/pay/${merchant.id}?INVOICENUMBER=INV-5006&AMOUNTDUE=80.00`;
    const first = await open(link);
    const a = widget(first);
    await waitForForm(a);
    await fillSandboxCard(a, CARDS.threeDSecure);
    await a.locator('button[type=submit]').click();
    await a.getByRole('dialog', { name: '3-D Secure authentication (test mode)' }).waitFor();

    // Meanwhile another customer opens the invoice: the whole balance is held, not paid.
    const second = await open(link);
    const b = widget(second);
    await b
      .getByText('Nothing is left to pay here right now: the rest of this invoice is being paid.')
      .waitFor();
    await expect(b.getByText(`${money(8000)} by card, started`).isVisible()).resolves.toBe(true);
    await expect(b.getByText('Invoice fully paid!').count()).resolves.toBe(0);
    await expect(b.locator('form').count()).resolves.toBe(0);

    // The first customer leaves during the check: the page's beacon ends the hold at once.
    await first.goto('about:blank');
    await expect
      .poll(
        async () => {
          await second.reload();
          await b.getByText(/Balance:/).waitFor();
          return b.locator('form').count();
        },
        { timeout: 10_000, interval: 300 },
      )
      .toBe(1);
    await b.getByText(`Balance: ${money(8000)}`).waitFor();
    await first.close();
    await second.close();
  });

  it('a second tab learns at once that the invoice was paid in the first, instead of offering payment', async () => {
    const link = `/pay/${merchant.id}?INVOICENUMBER=INV-5007&AMOUNTDUE=50.00`;
    const tabA = await open(link);
    const tabB = await open(link);
    const a = widget(tabA);
    const b = widget(tabB);
    await waitForForm(a);
    await waitForForm(b);
    await fillSandboxCard(b, CARDS.visa);
    await b.locator('button[type=submit]').click();
    await b.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    // Tab A still shows the old balance; completing its card asks for a quote, which is refused.
    await fillSandboxCard(a, CARDS.mastercard);
    await a.locator('button[type=submit]').click();
    await a.getByText('Invoice fully paid!').waitFor();
    await a.getByText(`Balance: ${money(0)}`).waitFor();
    await expect(a.locator('button[type=submit]').count()).resolves.toBe(0);
    await tabA.close();
    await tabB.close();
  });

  it('above the card limit, says why the amount stops there and how to pay the rest', async () => {
    const page = await open(`/pay/${merchant.id}?INVOICENUMBER=INV-5008&AMOUNTDUE=1,234,567.89`);
    const w = widget(page);
    await waitForForm(w);
    const limit = `One card payment can take at most ${money(97134530)} (the card limit, surcharge included). Pay the rest with another card.`;
    await w.getByText(limit).waitFor();
    await w.getByRole('button', { name: 'Pay 100% of the balance' }).click();
    await expect(w.getByLabel(/^Payment amount/).inputValue()).resolves.toBe('971345.30');
    await expect(w.getByLabel(/^Payment amount/).getAttribute('aria-describedby')).resolves.toContain(
      'ip-aml',
    );
    await page.close();
  });

  it('says what is wrong with an amount of 0, and keeps the receipt email for the next payment', async () => {
    const page = await open(`/pay/${merchant.id}?INVOICENUMBER=INV-5009&AMOUNTDUE=80.00`);
    const w = widget(page);
    await waitForForm(w);
    await w.getByLabel(/^Payment amount/).fill('0');
    await fillSandboxCard(w, CARDS.visa);
    await w.locator('button[type=submit]').click(); // pressable: it says why instead of greying out
    await w.getByText('Please enter a valid payment amount.').waitFor();
    await w.getByLabel(/^Payment amount/).fill('30.00');
    await w.getByLabel('Email for receipt (optional)').fill('builder@site.example');
    await w.locator('button[type=submit]').click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await w.getByRole('button', { name: 'Make Another Payment' }).click();
    await waitForForm(w);
    await expect(w.getByLabel('Email for receipt (optional)').inputValue()).resolves.toBe(
      'builder@site.example',
    );
    await page.close();
  });

  it('announces in its head every widget file it needs before the form is usable (no second round trip)', async () => {
    const page = await open(`/pay/${merchant.id}?INVOICENUMBER=INV-PRELOAD&AMOUNTDUE=10.00&CURRENCY=AUD`);
    await waitForForm(widget(page));
    const { preloaded, loaded } = await page.evaluate(() => ({
      preloaded: [
        ...document.querySelectorAll<HTMLLinkElement>('link[rel=preload], link[rel=modulepreload]'),
      ].map((l) => new URL(l.href).pathname),
      loaded: performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/widget/')),
    }));
    // The loader and the flow with everything it imports statically, at any depth (a chunk found
    // only once its importer arrived would wait a round trip more).
    expect(preloaded.length).toBeGreaterThanOrEqual(3);
    expect(loaded.filter((p) => !preloaded.includes(p))).toEqual([]);
    await page.context().close();
  });

  it("is served with the link's element already in it, which the page adopts: one form, one session request", async () => {
    const link = `/pay/${merchant.id}?INVOICENUMBER=INV-SERVED&AMOUNTDUE=20.00&CURRENCY=AUD`;
    const html = await (await fetch(`${server.baseUrl}${link}`)).text();
    expect(html).toContain(
      `<invoice-pay merchant="${merchant.id}" invoice="INV-SERVED" amount="20.00" currency="AUD" loading="eager" theme="auto"></invoice-pay>`,
    );
    const page = await (await browser.newContext()).newPage();
    const sessions: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/pay/session?') && sessions.push(r.url())));
    await page.goto(`${server.baseUrl}${link}`);
    await waitForForm(widget(page));
    await expect(page.locator('.pay-merchant-name').textContent()).resolves.toBe(merchant.name);
    await expect(page.locator('invoice-pay').count()).resolves.toBe(1);
    expect(sessions).toHaveLength(1);
    await page.context().close();
  });

  it('on a 320 px phone, keeps each amount of the receipt on one line and shrinks the card to what it shows once paid', async () => {
    const page = await (await browser.newContext({ viewport: { width: 320, height: 800 } })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(
      `${server.baseUrl}/pay/${merchant.id}?INVOICENUMBER=INV-PHONE&AMOUNTDUE=99,999.99&CURRENCY=AUD`,
    );
    const w = widget(page);
    await waitForForm(w);
    const panelHeight = () =>
      w.evaluate((el) => el.shadowRoot!.querySelector('.panel')!.getBoundingClientRect().height);
    expect(await panelHeight()).toBeGreaterThanOrEqual(1020); // the form's reserved height on a phone
    await fillSandboxCard(w, CARDS.visa);
    await w.locator('button[type=submit]').click();
    await w.getByText('Invoice fully paid!').waitFor();
    const broken = await w.evaluate((el) =>
      Array.from(el.shadowRoot!.querySelectorAll('.result-details dd.money'))
        .filter((dd) => {
          const range = document.createRange();
          range.selectNodeContents(dd);
          return range.getClientRects().length > 1;
        })
        .map((dd) => dd.textContent),
    );
    expect(broken).toEqual([]); // never "A$102,949.⏎99"
    expect(await panelHeight()).toBeLessThan(800); // no blank box below the receipt
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await page.context().close();
  });

  it('reports a link it cannot parse', async () => {
    const page = await open('/pay/abc%E0%A4%A?invoiceno=INV-1');
    await page.getByText('Error parsing URL parameters. Please check the URL and try again.').waitFor();
    await page.close();
  });
});
