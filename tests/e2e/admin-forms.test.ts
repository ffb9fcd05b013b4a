/**
 * Every validation and error message of the console's forms, in Chromium against the real server:
 * sign-in, Add/Edit Merchant, Delete, surcharge, automation webhook (save, test against a local
 * receiver that fails then succeeds), Stripe connect failure, blog create (required fields, image
 * URL, slug generated from the title and editable, duplicate slug, success then the public /blog),
 * lists that cannot load, and the not-found screens. Server failures the UI must survive are
 * produced at the browser's network edge (`page.route`), the only place a test can make them.
 * Each test stands alone: the page is signed in once, and a test that needs a merchant creates its
 * own over the API and opens it.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { freePort, startServer, type RunningServer } from './support/server.ts';
import { bearerFor, expectTitle, seededAdmin, signIn, toast, openTab } from './support/admin.ts';

const serverError = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }),
};

describe('console forms and messages', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: Server;
  let receiverPort: number;
  const received: Array<{ status: number; body: string }> = [];
  let receiverStatus = 500;
  let adminToken: string;

  /** A merchant of the test's own, created over the API, its details page open in the console. */
  async function openNewMerchant(businessName: string, fields: { description?: string } = {}) {
    const res = await fetch(`${server.baseUrl}/api/admin/merchants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        business_name: businessName,
        name: 'Fran Form',
        email: `${businessName.toLowerCase().replace(/\W+/g, '-')}@formtimber.example`,
        ...fields,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await page.goto(`${server.baseUrl}/admin/merchants/${id}`);
    await expectTitle(page, 'Merchant Details');
    await page.getByRole('heading', { name: businessName }).waitFor();
  }

  beforeAll(async () => {
    receiverPort = await freePort();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push({ status: receiverStatus, body });
        res.writeHead(receiverStatus, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(receiverPort, '127.0.0.1', r));
    [server, browser] = await Promise.all([
      startServer({ env: { OUTBOUND_ALLOWLIST: '127.0.0.1' } }),
      launchBrowser(),
    ]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, server.baseUrl, seededAdmin(server));
    await page.waitForURL(`${server.baseUrl}/admin/dashboard`);
    adminToken = await bearerFor(server.baseUrl, seededAdmin(server));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  it("sign-in: required fields and the server's message for wrong credentials", async () => {
    // A context of its own: the other tests share a signed-in page.
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const signInPage = await fresh.newPage();
      await signInPage.goto(`${server.baseUrl}/admin/login`);
      const form = signInPage.locator('form');
      await signInPage.getByRole('button', { name: 'Sign In' }).click();
      await form.getByText('Email is required').waitFor();
      await form.getByText('Password is required').waitFor();
      await signIn(signInPage, server.baseUrl, {
        email: 'admin@invoicepay.local',
        password: 'wrong-password',
      });
      await signInPage.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).waitFor();
      // A check slower than a second (scrypt on a busy server) says why it waits, then stops saying it.
      await signInPage.route('**/api/auth/login', async (route) => {
        await new Promise((r) => setTimeout(r, 1600));
        await route.continue();
      });
      const hint = signInPage.getByRole('status').filter({ hasText: 'Checking your password' });
      await signIn(signInPage, server.baseUrl, { email: 'admin@invoicepay.local', password: 'wrong-again' });
      await hint.waitFor();
      await hint.waitFor({ state: 'detached' });
      await signInPage.unroute('**/api/auth/login');
      await signIn(signInPage, server.baseUrl, seededAdmin(server));
      await signInPage.waitForURL(`${server.baseUrl}/admin/dashboard`);
    } finally {
      await fresh.close();
    }
  });

  it("Add Merchant: the spec's field messages, server failure, Cancel, then success", async () => {
    await page.goto(`${server.baseUrl}/admin/merchants`);
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Merchant' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Business name is required').waitFor();
    await dialog.getByText('Contact name is required').waitFor();
    await dialog.getByText('Email is required').waitFor();
    await dialog.getByLabel('Business Name').fill('Form Test Timber');
    await expect(dialog.getByText('Business name is required').count()).resolves.toBe(0); // cleared when edited
    await dialog.getByLabel('Contact Name').fill('Fran Form');
    await dialog.getByLabel(/^Email/).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Email is invalid').waitFor();
    await dialog.getByLabel(/^Email/).fill('fran@formtimber.example');

    await page.route('**/api/admin/merchants', (route) =>
      route.request().method() === 'POST' ? route.fulfill(serverError) : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Failed to create merchant. Please try again.').waitFor();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Failed to create merchant. Please try again.' })
      .waitFor();
    await page.unroute('**/api/admin/merchants');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Add Merchant' }).click();
    await expect(dialog.getByLabel('Business Name').inputValue()).resolves.toBe(''); // a fresh form
    await dialog.getByLabel('Business Name').fill('Form Test Timber');
    await dialog.getByLabel('Contact Name').fill('Fran Form');
    await dialog.getByLabel(/^Email/).fill('fran@formtimber.example');
    await dialog.getByLabel('Description').fill('Hardwood decking');
    // The first owner's email (issue 50 item 9): checked, then invited with the merchant.
    await dialog.getByLabel("Owner's email (optional)").fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('The owner’s email must be a valid email address').waitFor();
    await dialog.getByLabel("Owner's email (optional)").fill('olive@formtimber.example');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Merchant created successfully').waitFor();
    await page.getByRole('row').filter({ hasText: 'Form Test Timber' }).getByText('Form Test Timber').click();
    await expectTitle(page, 'Merchant Details');
    await page.getByRole('region', { name: 'Form Test Timber' }).getByText('Hardwood decking').waitFor();
    await openTab(page, 'Team');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByRole('row').filter({ hasText: 'olive@formtimber.example' }).getByText('Owner').waitFor();
  });

  it('Edit Merchant: required fields, failure and success messages', async () => {
    await openNewMerchant('Edit Test Timber', { description: 'Hardwood decking' });
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Merchant' });
    await expect(dialog.getByLabel('Business Name').inputValue()).resolves.toBe('Edit Test Timber');
    await dialog.getByLabel('Business Name').fill('');
    await dialog.getByLabel('Contact Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Business name is required').waitFor();
    await dialog.getByText('Contact name is required').waitFor();
    await dialog.getByLabel('Business Name').fill('Edit Test Timber & Co');
    await dialog.getByLabel('Contact Name').fill('Fran Form');
    await dialog.getByLabel('Description').fill('');

    await page.route('**/api/admin/merchants/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill(serverError) : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Failed to update merchant details. Please try again.').waitFor();
    await page.unroute('**/api/admin/merchants/*');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Merchant details updated successfully').waitFor();
    const info = page.getByRole('region', { name: 'Edit Test Timber & Co', exact: true });
    await info.getByRole('heading', { name: 'Edit Test Timber & Co' }).waitFor();
    await info.getByText('No description provided').waitFor();
  });

  it("surcharge: out-of-range percentage is refused with the server's wording", async () => {
    await openNewMerchant('Surcharge Test Timber');
    await openTab(page, 'Payments');
    const surcharge = page.getByRole('region', { name: 'Customer Surcharge' });
    await surcharge.getByLabel('Surcharge percentage').fill('7');
    await surcharge.getByRole('button', { name: 'Save surcharge' }).click();
    await surcharge.getByRole('alert').filter({ hasText: 'Surcharge must be between 0% and 5%' }).waitFor();
    await surcharge.getByLabel('Surcharge percentage').fill('1.5');
    await surcharge.getByRole('button', { name: 'Save surcharge' }).click();
    await toast(page, 'Surcharge settings saved').waitFor();

    // A new rule starts empty (nothing chosen for the merchant) and is not saved half-filled.
    await surcharge.getByRole('button', { name: 'Add rule' }).click();
    const cardType = surcharge.getByRole('combobox', { name: 'Card type' });
    await expect(cardType.first().textContent()).resolves.not.toContain('debit');
    await expect(surcharge.getByLabel('Percentage', { exact: true }).first().inputValue()).resolves.toBe('');
    await surcharge.getByRole('button', { name: 'Save surcharge' }).click();
    await surcharge
      .getByRole('alert')
      .filter({ hasText: 'Each rule needs a card type, brand or region and a percentage' })
      .waitFor();
    // Two rules for the same cards: the second could never apply, so it is refused by name.
    await surcharge.getByRole('button', { name: 'Add rule' }).click();
    for (const i of [0, 1]) {
      await cardType.nth(i).click();
      await page.getByRole('option', { name: 'debit', exact: true }).click();
      await surcharge.getByLabel('Percentage', { exact: true }).nth(i).fill(String(i));
    }
    await surcharge.getByRole('button', { name: 'Save surcharge' }).click();
    await surcharge
      .getByRole('alert')
      .filter({ hasText: 'Two rules apply to the same cards (debit); keep one' })
      .waitFor();
    await surcharge.getByRole('button', { name: 'Remove rule' }).nth(1).click();
    await surcharge.getByRole('button', { name: 'Save surcharge' }).click();
    await toast(page, 'Surcharge settings saved').waitFor();
  });

  it('automation webhook: what is saved, URL check, test before configuring, save, failed and successful tests with the logged attempt', async () => {
    await openNewMerchant('Webhook Test Timber');
    await openTab(page, 'Developers');
    const panel = page.getByRole('region', { name: 'Automation Webhook' });
    // Nothing saved: an empty field whose example is a placeholder, and a line that says so.
    const url = panel.getByLabel('Webhook URL');
    await expect(url.inputValue()).resolves.toBe('');
    await expect(url.getAttribute('placeholder')).resolves.toBe('https://hook.make.com/…');
    await panel.getByText('No webhook saved yet.').waitFor();
    await expect(panel.getByText('https://hook.make.com/…', { exact: true }).count()).resolves.toBe(0);
    await expect(panel.getByText('Unsaved changes: save to use them.').count()).resolves.toBe(0);
    await panel.getByRole('button', { name: 'Test webhook' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please configure the webhook URL first' })
      .first()
      .waitFor();
    await url.fill('not a url');
    await panel.getByRole('button', { name: 'Save webhook settings' }).click();
    await panel.getByText('Webhook URL must be a URL').waitFor();

    await page.route('**/api/admin/merchants/*/webhook', (route) => route.fulfill(serverError));
    await url.fill(`http://127.0.0.1:${receiverPort}/hook`);
    await panel.getByRole('button', { name: 'Save webhook settings' }).click();
    await toast(page, 'Failed to save webhook settings. Please try again.').waitFor();
    await page.unroute('**/api/admin/merchants/*/webhook');

    await panel.getByLabel('Scenario ID (optional)').fill('scn-42');
    await panel.getByText('Unsaved changes: save to use them.').waitFor();
    await panel.getByRole('button', { name: 'Save webhook settings' }).click();
    await toast(page, 'Webhook settings saved successfully').waitFor();
    await panel.getByText('Configured', { exact: true }).waitFor();
    await panel.getByText('Unsaved changes: save to use them.').waitFor({ state: 'detached' });
    await expect(panel.getByText('No webhook saved yet.').count()).resolves.toBe(0);

    receiverStatus = 500;
    await panel.getByRole('button', { name: 'Test webhook' }).click();
    await toast(page, 'Webhook test failed. See error details below.').waitFor();
    await panel.getByTestId('webhook-test-result').getByText('(HTTP 500)').waitFor();
    await panel
      .getByTestId('webhook-test-log')
      .getByText(/failed \(HTTP 500\)/)
      .waitFor();

    receiverStatus = 200;
    await panel.getByRole('button', { name: 'Test webhook' }).click();
    await toast(page, 'Test payment sent to webhook').waitFor();
    await panel.getByTestId('webhook-test-result').getByText('(HTTP 200)').waitFor();
    const sample = JSON.parse(received[received.length - 1].body);
    expect(sample).toMatchObject({ InvoiceNumber: expect.any(String), Amount: 97.13, Currency: 'AUD' });
    expect(sample.payment_details).toMatchObject({ is_test: true, make_scenario_id: 'scn-42' });

    await panel.getByRole('button', { name: 'Reveal' }).click();
    const first = await panel.getByTestId('webhook-secret').textContent();
    expect(first).toMatch(/\S{16,}/);
    await panel.getByRole('button', { name: 'Rotate' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate signing secret?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await toast(page, 'Signing secret rotated').waitFor();
    await expect(panel.getByTestId('webhook-secret').textContent()).resolves.not.toBe(first);
  });

  it("Stripe connect: a provider failure shows 'Failed to connect to Stripe'", async () => {
    await openNewMerchant('Connect Test Timber');
    await page.route('**/api/admin/stripe-connect-url', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'provider_error', message: 'Failed to connect to Stripe' } }),
      }),
    );
    await page
      .getByRole('region', { name: 'Stripe Connect' })
      .getByRole('button', { name: 'Connect with Stripe' })
      .click();
    await toast(page, 'Failed to connect to Stripe').waitFor();
    await page.unroute('**/api/admin/stripe-connect-url');
  });

  it('Delete: a failure, then confirmed deletion; the merchant is then not found', async () => {
    await openNewMerchant('Delete Test Timber');
    const url = page.url();
    await page.route('**/api/admin/merchants/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill(serverError) : route.fallback(),
    );
    const confirm = page.getByRole('dialog', { name: 'Delete merchant?' });
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText('Its payment records are kept.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Failed to delete merchant. Please try again.').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await page.unroute('**/api/admin/merchants/*');
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Merchant deleted successfully').waitFor();
    await page.waitForURL(`${server.baseUrl}/admin/merchants`);
    await expect(page.getByRole('row').filter({ hasText: 'Delete Test Timber' }).count()).resolves.toBe(0);
    await page.goto(url);
    await page.getByRole('main').getByText('Merchant not found.').waitFor();
    await page.goto(`${server.baseUrl}/admin/payments/${crypto.randomUUID()}`);
    await page.getByRole('main').getByText('Payment not found.').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
  });

  it('lists that cannot load say so', async () => {
    await page.route('**/api/admin/merchants?*', (route) => route.fulfill(serverError));
    await page.goto(`${server.baseUrl}/admin/merchants`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Failed to load merchants. Please try again.' })
      .first()
      .waitFor();
    await page.unroute('**/api/admin/merchants?*');
  });

  it('blog create: required fields, image URL, slug from the title (editable), duplicate slug, then a notification and the post list', async () => {
    await page.goto(`${server.baseUrl}/admin/blog`);
    await expectTitle(page, 'Create Blog Post');
    const form = page.locator('form');
    await form.getByRole('button', { name: 'Create Post' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByText('Slug is required').waitFor();
    await form.getByText('Content is required').waitFor();
    await expect(page.getByLabel('Content (HTML)').getAttribute('rows')).resolves.toBe('12');

    await page.getByLabel('Post Title').fill('  Getting Paid: Faster! ');
    await expect(page.getByLabel('URL Slug').inputValue()).resolves.toBe('getting-paid-faster');
    // The slug filled in from the title: its "required" message goes (issue 36 item 11).
    await expect.poll(() => form.getByText('Slug is required').count()).toBe(0);
    await page.getByLabel('URL Slug').fill('getting-paid-faster-e2e');
    await page.getByLabel('Featured Image URL').fill('javascript:alert(1)');
    await page.getByLabel('Content (HTML)').fill('<p>Card payments on every invoice.</p>');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await form.getByText('Image URL must be a valid URL').waitFor();
    await page.getByLabel('Featured Image URL').fill('https://images.example/decking.jpg');
    await page.getByLabel('Tags').fill(' xero , cash flow ,, ');
    await page.getByLabel('Author').fill('Ada Admin');

    // A taken slug (a post this test publishes first): the server refuses it and the form says why.
    const existing = await fetch(`${server.baseUrl}/api/admin/blogs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        title: 'Slug Taken',
        slug: 'slug-taken-e2e',
        content: '<p>Body</p>',
        status: 'published',
        tags: [],
      }),
    });
    expect(existing.status).toBe(201);
    await page.getByLabel('URL Slug').fill('slug-taken-e2e');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await toast(page, 'Error creating blog post').waitFor();
    // Said under the slug field (its accessible description), not merely somewhere on the page.
    const slugDescription = () =>
      page.getByLabel('URL Slug').evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    await expect.poll(slugDescription).toContain('A blog post with this slug already exists');
    await page.getByLabel('URL Slug').fill('getting-paid-faster-e2e');
    await page.route('**/api/admin/blogs', (route) =>
      route.request().method() === 'POST' ? route.fulfill(serverError) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Create Post' }).click();
    await toast(page, 'Error creating blog post').waitFor();
    await page.unroute('**/api/admin/blogs');

    // Saving shows "Creating..." (the request is held here so the state can be seen), then a
    // notification, and the console's post list with the new post and its public page.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/admin/blogs', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.getByRole('button', { name: 'Creating...' }).waitFor();
    release();
    await toast(page, 'Blog post created successfully!').waitFor();
    await page.waitForURL(`${server.baseUrl}/admin/blogs`);
    await page.unroute('**/api/admin/blogs');
    const row = page.getByRole('row').filter({ hasText: 'Getting Paid: Faster!' });
    await expect(
      row.getByRole('link', { name: 'View “Getting Paid: Faster!” on the blog' }).getAttribute('href'),
    ).resolves.toBe('/blog/getting-paid-faster-e2e');
    const post = await fetch(`${server.baseUrl}/api/public/blogs/getting-paid-faster-e2e`).then(
      (r) => r.json() as Promise<{ tags: string[]; author: string }>,
    );
    expect(post.tags).toEqual(['xero', 'cash flow']);
    expect(post.author).toBe('Ada Admin');
  });

  it('a blog edit is saved at once (leaving right after Save loses nothing); deleting selected posts can be undone', async () => {
    const admin = await bearerFor(server.baseUrl, seededAdmin(server));
    const create = (slug: string, title: string) =>
      fetch(`${server.baseUrl}/api/admin/blogs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ title, slug, content: '<p>Body</p>', status: 'published', tags: [] }),
      }).then((r) => r.json() as Promise<{ id: string }>);
    const publicTitle = (slug: string) =>
      fetch(`${server.baseUrl}/api/public/blogs/${slug}`).then(async (r) =>
        r.ok ? ((await r.json()) as { title: string }).title : r.status,
      );
    const a = await create('undo-a', 'Undo A');
    await create('undo-b', 'Undo B');

    // Edit and save: sent at once — leaving the page right after Save loses nothing.
    await page.goto(`${server.baseUrl}/admin/blogs/${a.id}`);
    await expectTitle(page, 'Edit Blog Post');
    await expect(page.getByLabel('URL Slug').inputValue()).resolves.toBe('undo-a');
    await page.getByLabel('Post Title').fill('Undo A, renamed');
    await expect(page.getByLabel('URL Slug').inputValue()).resolves.toBe('undo-a'); // an existing post keeps its slug
    await page.getByRole('button', { name: 'Save Post' }).click();
    await page.waitForURL(`${server.baseUrl}/admin/blogs`);
    await page.goto('about:blank');
    expect(await publicTitle('undo-a')).toBe('Undo A, renamed');

    // Select both posts and delete them; Undo brings them back; deleting again removes them.
    const select = async () => {
      for (const title of ['Undo A, renamed', 'Undo B'])
        await page.getByRole('row').filter({ hasText: title }).getByRole('checkbox').check();
    };
    await page.goto(`${server.baseUrl}/admin/blogs`);
    await select();
    await page.getByRole('button', { name: 'Delete' }).click();
    await toast(page, '2 blog posts deleted').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('row').filter({ hasText: 'Undo B' }).waitFor();
    expect(await publicTitle('undo-b')).toBe('Undo B');
    await select();
    await page.getByRole('button', { name: 'Delete' }).click();
    await toast(page, '2 blog posts deleted').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => publicTitle('undo-b'), { timeout: 5000 }).toBe(404);
    expect(await publicTitle('undo-a')).toBe(404);
  });
});
