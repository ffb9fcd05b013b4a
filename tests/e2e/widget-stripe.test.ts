/**
 * Stripe mode: the real server on PAYMENTS_PROVIDER=stripe with its SDK pointed at a local fake
 * Stripe API, and Stripe.js replaced in the browser by a double that enforces what Stripe.js
 * enforces (shadow-root and detached mounts refused, publishable key, connected account). The
 * widget mounts the card element in the light DOM, and pays in the right order: payment method →
 * our intent (with the card) → confirm (3-D Secure inside) → our refresh.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { launchBrowser, watchErrors } from './support/browser.ts';
import {
  createConnectedMerchant,
  money,
  waitForForm,
  widget,
  type TestMerchant,
} from './support/pay-fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { installStripeDouble, scriptBrowserApi } from './support/stripe-double/index.ts';
import { AUTH_FAILED } from './support/stripe-double/stripe-api.ts';

describe('widget in Stripe mode', () => {
  let fake: FakeStripe;
  let server: RunningServer;
  let browser: Browser;
  let merchant: TestMerchant;
  let invoiceSeq = 0;

  beforeAll(async () => {
    fake = await startFakeStripe();
    [server, browser] = await Promise.all([
      startServer({
        env: {
          PAYMENTS_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_e2e_widget',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_widget',
          STRIPE_API_BASE: fake.url,
        },
      }),
      launchBrowser(),
    ]);
    merchant = createConnectedMerchant(server, { stripe_account_id: 'acct_e2eWidgetStripe01' });
  });
  beforeEach(() => {
    fake.reset();
    scriptBrowserApi(fake);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  async function openPay(
    query: string,
    m: TestMerchant = merchant,
  ): Promise<{ page: Page; ourRequests: string[] }> {
    const context = await browser.newContext();
    await installStripeDouble(context, fake);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const ourRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(server.baseUrl))
        ourRequests.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
    });
    await page.goto(`${server.baseUrl}/pay/${m.id}?${query}`);
    await waitForForm(widget(page));
    return { page, ourRequests };
  }

  const cardFrame = (page: Page) => page.frameLocator('invoice-pay iframe[name^="__privateStripeFrame"]');
  async function fillStripeCard(page: Page, number: string) {
    const f = cardFrame(page);
    await f.getByLabel('Card number').fill(number);
    await f.getByLabel('Expiration date MM / YY').fill('12/34');
    await f.getByLabel('CVC').fill('123');
  }
  const doubleCalls = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { __stripeDouble: { calls: unknown[][] } }).__stripeDouble.calls.map((c) => c[0]),
    );
  const trail = () =>
    fake.requests
      .filter((r) => r.path.startsWith('/v1/'))
      .map((r) => `${r.method} ${r.path.replace(/_(dbl|fake)\w+/g, '_*')}`);

  it('has a Stripe.js double that refuses what Stripe.js refuses', async () => {
    const context = await browser.newContext();
    await installStripeDouble(context, fake);
    const page = await context.newPage();
    await page.route(`${server.baseUrl}/double.html`, (r) =>
      r.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><script src="https://js.stripe.com/v3"></script><div id="light"></div>',
      }),
    );
    await page.goto(`${server.baseUrl}/double.html`);
    const refusals = await page.evaluate(() => {
      const S = (
        window as unknown as {
          Stripe: (
            k: string,
            o?: object,
          ) => { elements(): { create(t: string): { mount(n: Element): void; destroy(): void } } };
        }
      ).Stripe;
      const attempt = (fn: () => void) => {
        try {
          fn();
          return 'accepted';
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`;
        }
      };
      const shadowHost = document.createElement('div');
      document.body.append(shadowHost);
      const inShadow = document.createElement('div');
      shadowHost.attachShadow({ mode: 'open' }).append(inShadow);
      const stripe = S('pk_test_x', { stripeAccount: 'acct_1' });
      const card = () => stripe.elements().create('card');
      return {
        secretKey: attempt(() => S('sk_test_x', { stripeAccount: 'acct_1' })),
        noAccount: attempt(() => S('pk_test_x')),
        shadow: attempt(() => card().mount(inShadow)),
        detached: attempt(() => card().mount(document.createElement('div'))),
        light: attempt(() => card().mount(document.getElementById('light')!)),
      };
    });
    expect(refusals.secretKey).toMatch(/^IntegrationError: Invalid API Key provided/);
    expect(refusals.noAccount).toMatch(/^IntegrationError: .*stripeAccount/);
    expect(refusals.shadow).toBe(
      'IntegrationError: Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.',
    );
    expect(refusals.detached).toMatch(/^IntegrationError: .*detached/);
    expect(refusals.light).toBe('accepted');
    await context.close();
  });

  it('pays with the card element in the light DOM, calling Stripe and our API in the right order', async () => {
    const { page, ourRequests } = await openPay(
      `INVOICENUMBER=INV-S${++invoiceSeq}&AMOUNTDUE=200.00&CURRENCY=AUD`,
    );
    const errors = watchErrors(page);
    const w = widget(page);
    // Mounted in a light-DOM child of the host, projected through a named slot.
    await page.locator('invoice-pay iframe').waitFor();
    const mount = await page.evaluate(() => {
      const host = document.querySelector('invoice-pay')!;
      const node = host.querySelector(':scope > div[slot]') as HTMLElement;
      const slot = host.shadowRoot!.querySelector(`slot[name="${node.slot}"]`);
      return {
        inLight: node.getRootNode() === document,
        slotted: slot !== null,
        frame: Boolean(node.querySelector('iframe')),
      };
    });
    expect(mount).toEqual({ inLight: true, slotted: true, frame: true });
    await fillStripeCard(page, '4242424242424242');
    await w.getByRole('button', { name: `Pay ${money(20590)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await w.getByText('Invoice fully paid!').waitFor();

    expect(await doubleCalls(page)).toEqual([
      'Stripe',
      'elements',
      'create',
      'mount',
      'createPaymentMethod',
      'confirmCardPayment',
    ]);
    expect(trail()).toEqual([
      'POST /v1/payment_methods', // Stripe.js: the card, on the connected account
      'GET /v1/payment_methods/pm_*', // our server: the card's funding/country for the surcharge
      'POST /v1/payment_intents', // our server: the intent, direct charge with the platform fee
      'POST /v1/payment_intents/pi_*/confirm', // Stripe.js
      'GET /v1/payment_intents/pi_*', // our refresh: the provider's word is final
    ]);
    const pm = fake.find('POST', '/v1/payment_methods')[0];
    expect(pm.form).toMatchObject({ key: 'pk_test_e2e_widget', _stripe_account: 'acct_e2eWidgetStripe01' });
    const created = fake.find('POST', '/v1/payment_intents')[0];
    expect(created.headers['stripe-account']).toBe('acct_e2eWidgetStripe01');
    expect(created.form).toMatchObject({ amount: '20590', currency: 'aud', application_fee_amount: '257' });
    expect(created.form.payment_method).toMatch(/^pm_/);
    // Card data went to Stripe only.
    expect(ourRequests.length).toBeGreaterThan(0);
    expect(ourRequests.join('\n')).not.toContain('4242');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the decline under the card box and keeps the balance', async () => {
    const invoice = `INV-S${++invoiceSeq}`;
    const { page } = await openPay(`INVOICENUMBER=${invoice}&AMOUNTDUE=50.00&CURRENCY=AUD`);
    const w = widget(page);
    await fillStripeCard(page, '4000000000009995');
    await w.locator('button[type=submit]').click();
    await w.getByText('Your card has insufficient funds. Please try a different payment method.').waitFor();
    const session = await fetch(
      `${server.baseUrl}/api/pay/session?merchant=${merchant.id}&invoice=${invoice}&amount=50.00`,
    ).then((r) => r.json());
    expect(session.invoice.balance).toBe(5000);
    await page.context().close();
  });

  it('handles requires_action: 3-D Secure completed pays, failed shows the reason', async () => {
    const { page } = await openPay(`INVOICENUMBER=INV-S${++invoiceSeq}&AMOUNTDUE=30.00&CURRENCY=AUD`);
    const w = widget(page);
    await fillStripeCard(page, '4000000000003220');
    await w.locator('button[type=submit]').click();
    const challenge = page.frameLocator('iframe[name="__privateStripe3DS"]');
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await w.getByText(AUTH_FAILED).waitFor();

    await w.locator('button[type=submit]').click();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect((await doubleCalls(page)).filter((c) => c === '3ds')).toHaveLength(2);
    await page.context().close();
  });

  it('stops before confirming when the card changes the surcharge, and asks again with the new total', async () => {
    const debitFree = createConnectedMerchant(server, {
      stripe_account_id: 'acct_e2eWidgetStripe02',
      surcharge_rules: JSON.stringify([{ funding: 'debit', bps: 0 }]),
    });
    const { page } = await openPay(
      `INVOICENUMBER=INV-S${++invoiceSeq}&AMOUNTDUE=100.00&CURRENCY=AUD`,
      debitFree,
    );
    const w = widget(page);
    await fillStripeCard(page, '4000056655665556'); // a debit card: no surcharge under this merchant's rules
    await w.getByRole('button', { name: `Pay ${money(10295)}` }).click();
    await w.getByRole('button', { name: `Pay ${money(10000)}` }).waitFor();
    await expect(w.getByText(/The surcharge for this card is 0%/).isVisible()).resolves.toBe(true);
    expect(fake.find('POST', /\/confirm$/)).toHaveLength(0); // nothing charged at the old total
    await w.getByRole('button', { name: `Pay ${money(10000)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const confirmed = fake.find('POST', /\/confirm$/);
    expect(confirmed).toHaveLength(1);
    // The server quoted the debit card's own total from the start; the unconfirmed first attempt was
    // replaced (cancelled at Stripe) when the customer pressed Pay again.
    const intents = fake.find('POST', '/v1/payment_intents').map((r) => r.form.amount);
    expect(intents).toEqual(['10000', '10000']);
    expect(fake.find('POST', /\/cancel$/)).toHaveLength(1);
    await page.context().close();
  });
});
