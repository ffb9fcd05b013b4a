/**
 * Stripe mode: the real server on PAYMENTS_PROVIDER=stripe with its SDK pointed at a local fake
 * Stripe API, and Stripe.js replaced in the browser by a double that enforces what Stripe.js
 * enforces (shadow-root and detached mounts refused, publishable key, connected account, submit
 * before a confirmation token, no browser confirmation of a canceled intent). The widget mounts the
 * Payment Element (deferred intent) in the light DOM and pays as Stripe's "finalize payments on the
 * server" flow does: elements.submit() → confirmation token → our quote → our server creates and
 * confirms the intent → (3-D Secure: handleNextAction, then our refresh).
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
import { CARDS } from './support/pay-fixtures.ts';
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
    const refusals = await page.evaluate(async () => {
      type El = { mount(n: Element): void };
      type Els = { create(t: string): El; submit(): Promise<{ error?: { code: string } }> };
      type S = {
        elements(o?: object): Els;
        createConfirmationToken(o: object): Promise<unknown>;
      };
      const Stripe = (window as unknown as { Stripe: (k: string, o?: object) => S }).Stripe;
      const attempt = async (fn: () => unknown) => {
        try {
          await fn();
          return 'accepted';
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`;
        }
      };
      const shadowHost = document.createElement('div');
      document.body.append(shadowHost);
      const inShadow = document.createElement('div');
      shadowHost.attachShadow({ mode: 'open' }).append(inShadow);
      const stripe = Stripe('pk_test_x', { stripeAccount: 'acct_1' });
      const deferred = { mode: 'payment', amount: 1000, currency: 'aud' };
      const element = () => stripe.elements(deferred).create('payment');
      const group = stripe.elements(deferred);
      group.create('payment').mount(document.getElementById('light')!);
      return {
        secretKey: await attempt(() => Stripe('sk_test_x', { stripeAccount: 'acct_1' })),
        noAccount: await attempt(() => Stripe('pk_test_x')),
        zeroAmount: await attempt(() => stripe.elements({ mode: 'payment', amount: 0, currency: 'aud' })),
        noIntent: await attempt(() => stripe.elements().create('payment')),
        shadow: await attempt(() => element().mount(inShadow)),
        detached: await attempt(() => element().mount(document.createElement('div'))),
        tokenBeforeSubmit: await attempt(() => stripe.createConfirmationToken({ elements: group })),
        emptySubmit: (await group.submit()).error?.code,
        light: await attempt(() => element().mount(document.getElementById('light')!)),
      };
    });
    expect(refusals.secretKey).toMatch(/^IntegrationError: Invalid API Key provided/);
    expect(refusals.noAccount).toMatch(/^IntegrationError: .*stripeAccount/);
    expect(refusals.zeroAmount).toMatch(/^IntegrationError: .*amount/);
    expect(refusals.noIntent).toMatch(/^IntegrationError: .*mode/);
    expect(refusals.shadow).toBe(
      'IntegrationError: Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.',
    );
    expect(refusals.detached).toMatch(/^IntegrationError: .*detached/);
    expect(refusals.tokenBeforeSubmit).toMatch(/^IntegrationError: elements\.submit\(\) must be called/);
    expect(refusals.emptySubmit).toBe('incomplete_number');
    expect(refusals.light).toBe('accepted');
    await context.close();
  });

  it('pays with the Payment Element in the light DOM: token, our quote, our server confirms', async () => {
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
    await fillStripeCard(page, CARDS.visa);
    await w.getByText(`Visa credit · surcharge 2.95 % · Total ${money(20590)}`).waitFor();
    await w.getByRole('button', { name: `Pay ${money(20590)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await w.getByText('Invoice fully paid!').waitFor();

    const calls = await doubleCalls(page);
    expect(calls.slice(0, 4)).toEqual(['Stripe', 'elements', 'create', 'mount']);
    expect(calls.slice(-2)).toEqual(['submit', 'createConfirmationToken']);
    expect(calls).not.toContain('confirmCardPayment');
    expect(trail()).toEqual([
      'POST /v1/confirmation_tokens', // Stripe.js: the card, on the connected account
      'GET /v1/confirmation_tokens/ctoken_*', // our quote: the card's funding/country for the surcharge
      'POST /v1/payment_intents', // our server: created and confirmed, direct charge with the platform fee
    ]);
    const token = fake.find('POST', '/v1/confirmation_tokens')[0];
    expect(token.form).toMatchObject({
      key: 'pk_test_e2e_widget',
      _stripe_account: 'acct_e2eWidgetStripe01',
    });
    const created = fake.find('POST', '/v1/payment_intents')[0];
    expect(created.headers['stripe-account']).toBe('acct_e2eWidgetStripe01');
    expect(created.headers['idempotency-key']).toMatch(/^create-/);
    expect(created.form).toMatchObject({
      amount: '20590',
      currency: 'aud',
      application_fee_amount: '257',
      confirm: 'true',
      return_url: `${server.baseUrl}/payment-complete`,
    });
    expect(created.form.confirmation_token).toMatch(/^ctoken_/);
    // Card data went to Stripe only; no client secret came back to the browser.
    expect(ourRequests.length).toBeGreaterThan(0);
    expect(ourRequests.join('\n')).not.toContain('4242');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the decline under the card box, keeps the balance, and the declined intent cannot be confirmed', async () => {
    const invoice = `INV-S${++invoiceSeq}`;
    const { page } = await openPay(`INVOICENUMBER=${invoice}&AMOUNTDUE=50.00&CURRENCY=AUD`);
    const w = widget(page);
    await fillStripeCard(page, CARDS.insufficientFunds);
    await w.getByText(/Visa credit · surcharge 2.95 %/).waitFor();
    await w.locator('button[type=submit]').click();
    await w.getByText('Your card has insufficient funds. Please try a different payment method.').waitFor();
    const session = await fetch(
      `${server.baseUrl}/api/pay/session?merchant=${merchant.id}&invoice=${invoice}&amount=50.00`,
    ).then((r) => r.json());
    expect(session.invoice.balance).toBe(5000);
    // Our server cancelled the declined intent at once; a browser that somehow held its client secret
    // is refused, as Stripe refuses a canceled intent.
    const [declined] = fake.find('POST', '/v1/payment_intents');
    const intentId = [...fake.intents.values()].find(
      (pi) => pi.amount === 5148 && pi.status === 'canceled',
    )!.id;
    expect(fake.find('POST', `/v1/payment_intents/${intentId}/cancel`)).toHaveLength(1);
    expect(declined.form.confirm).toBe('true');
    const pm = await fetch(`${fake.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_e2e_widget',
        _stripe_account: merchant.accountId,
        'card[number]': CARDS.visa,
      }),
    }).then((r) => r.json());
    const confirm = await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_e2e_widget',
        _stripe_account: merchant.accountId,
        client_secret: String(fake.intents.get(String(intentId))!.client_secret),
        payment_method: pm.id,
      }),
    });
    expect(confirm.status).toBe(400);
    expect((await confirm.json()).error.code).toBe('payment_intent_unexpected_state');
    await page.context().close();
  });

  it('handles requires_action with handleNextAction: failed shows the reason, completed pays', async () => {
    const { page } = await openPay(`INVOICENUMBER=INV-S${++invoiceSeq}&AMOUNTDUE=30.00&CURRENCY=AUD`);
    const w = widget(page);
    await fillStripeCard(page, CARDS.threeDSecure);
    await w.getByText(/Visa credit · surcharge 2.95 %/).waitFor();
    await w.locator('button[type=submit]').click();
    const challenge = page.frameLocator('iframe[name="__privateStripe3DS"]');
    await challenge.getByRole('button', { name: 'Fail authentication' }).click();
    await w.getByText(AUTH_FAILED).waitFor();

    await w.locator('button[type=submit]').click();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const calls = await doubleCalls(page);
    expect(calls.filter((c) => c === 'handleNextAction')).toHaveLength(2);
    expect(calls.filter((c) => c === '3ds')).toHaveLength(2);
    // Two attempts, each with a token of its own; the failed one ended, the second was refreshed by us.
    expect(fake.find('POST', '/v1/payment_intents')).toHaveLength(2);
    expect(fake.find('GET', /^\/v1\/payment_intents\/pi_/).some((r) => !r.query.key)).toBe(true);
    await page.context().close();
  });

  it('quotes a debit card at its own surcharge, and charges that total (never the default one)', async () => {
    const debitFree = createConnectedMerchant(server, {
      stripe_account_id: 'acct_e2eWidgetStripe02',
      surcharge_rules: JSON.stringify([{ funding: 'debit', bps: 0 }]),
    });
    const { page } = await openPay(
      `INVOICENUMBER=INV-S${++invoiceSeq}&AMOUNTDUE=100.00&CURRENCY=AUD`,
      debitFree,
    );
    const w = widget(page);
    await expect(w.locator('button[type=submit]').textContent()).resolves.toBe(`Pay ${money(10295)}`);
    await fillStripeCard(page, CARDS.visaDebit); // a debit card: no surcharge under this merchant's rules
    await w.getByText(`Visa debit · no surcharge · Total ${money(10000)}`).waitFor();
    await w.getByRole('button', { name: `Pay ${money(10000)}` }).click();
    await w.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const intents = fake.find('POST', '/v1/payment_intents').map((r) => r.form.amount);
    expect(intents).toEqual(['10000']);
    await page.context().close();
  });

  it('offers BECS Direct Debit in the Payment Element on AUD invoices when the merchant has bank debit on', async () => {
    const methodsAsked = async (m: TestMerchant, currency: string) => {
      const { page } = await openPay(
        `INVOICENUMBER=INV-S${++invoiceSeq}&AMOUNTDUE=20000.00&CURRENCY=${currency}`,
        m,
      );
      await page.locator('invoice-pay iframe').waitFor();
      const asked = await page.evaluate(() =>
        (window as unknown as { __stripeDouble: { calls: unknown[][] } }).__stripeDouble.calls
          .filter((c) => c[0] === 'elements')
          .map((c) => c[4]),
      );
      await page.context().close();
      return asked.at(-1);
    };
    const bankDebit = createConnectedMerchant(server, {
      stripe_account_id: 'acct_e2eWidgetStripe03',
      becs_enabled: 1,
    });
    expect(await methodsAsked(bankDebit, 'AUD')).toEqual(['card', 'au_becs_debit']);
    expect(await methodsAsked(bankDebit, 'NZD')).toEqual(['card']); // BECS is for AUD only
    expect(await methodsAsked(merchant, 'AUD')).toEqual(['card']); // off by default
  });
});
