/**
 * The contact modal in Chromium against the real server: opened from the landing page, titled with
 * the configured product name, the spec's validation messages (each clears when its field is
 * edited), keyboard behaviour (focus kept inside, Escape closes, focus returns), the success text and
 * the stored prospect; and, with rate limits on, a burst refused and the failure text shown.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { openServerDb } from './support/site.ts';

async function openContact(browser: Browser, server: RunningServer): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Contact Us' }).click();
  await page.getByRole('dialog').waitFor();
  return page;
}

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; company?: string }) {
  const dialog = page.getByRole('dialog');
  if (values.name !== undefined) await dialog.getByLabel('Full Name').fill(values.name);
  if (values.email !== undefined) await dialog.getByLabel('Email Address').fill(values.email);
  if (values.phone !== undefined) await dialog.getByLabel('Phone Number (optional)').fill(values.phone);
  if (values.company !== undefined) await dialog.getByLabel('Company Name').fill(values.company);
}

describe('contact modal', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { PRODUCT_NAME: 'Acme Pay' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("is titled 'Contact' plus the configured product name, with the privacy and terms notice", async () => {
    const page = await openContact(browser, server);
    const dialog = page.getByRole('dialog', { name: 'Contact Acme Pay' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await dialog.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    await expect(dialog.getByRole('button', { name: 'Submit' }).isVisible()).resolves.toBe(true);
    // The landing page's brand also comes from the configuration.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Acme Pay' }).isVisible()).resolves.toBe(
      true,
    );
    await page.close();
  });

  it('shows each validation message and clears a field’s message when it is edited', async () => {
    const page = await openContact(browser, server);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const text of ['Name is required', 'Email is required', 'Company name is required']) {
      await expect(dialog.getByText(text, { exact: true }).isVisible()).resolves.toBe(true);
    }
    // Focus goes to the first invalid field, which describes its error.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).resolves.toBe(
      'true',
    );
    await fill(page, { name: 'Bea' });
    expect(await dialog.getByText('Name is required', { exact: true }).count()).toBe(0);
    await expect(dialog.getByText('Email is required').isVisible()).resolves.toBe(true);
    await fill(page, { email: 'not-an-email' });
    expect(await dialog.getByText('Email is required').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Email is invalid', { exact: true }).isVisible()).resolves.toBe(true);
    await fill(page, { company: 'Bea Builds' });
    expect(await dialog.getByText('Company name is required').count()).toBe(0);
    await page.close();
  });

  it('keeps focus inside while open, closes on Escape and returns focus to Contact Us', async () => {
    const page = await openContact(browser, server);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contact Us');
    await page.close();
  });

  it('submits, announces the success text, and stores a new website prospect', async () => {
    const page = await openContact(browser, server);
    const errors = watchErrors(page);
    await fill(page, {
      name: 'Bea Builder',
      email: 'bea@builds.example',
      phone: '0400 111 222',
      company: 'Bea Builds Pty Ltd',
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    const live = page.locator('dialog [aria-live="polite"]');
    await live.getByText("Thanks for your interest! We'll be in touch soon.").waitFor();
    const db = openServerDb(server);
    const row = db.prepare(`select * from prospects where email = ?`).get('bea@builds.example');
    db.close();
    expect(row).toMatchObject({
      name: 'Bea Builder',
      phone: '0400 111 222',
      company_name: 'Bea Builds Pty Ltd',
      source: 'website_contact_form',
      status: 'new',
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('contact form rate limit', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { RATE_LIMITS: '1' } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses a burst beyond the limit and shows the failure text', async () => {
    const page = await openContact(browser, server);
    const statuses = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch('/api/public/prospects', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Burst', email: `burst${i}@x.example`, company_name: 'Burst Co' }),
        });
        out.push(res.status);
      }
      return out;
    });
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    await fill(page, { name: 'Late', email: 'late@x.example', company: 'Late Co' });
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Something went wrong. Please try again later.').waitFor();
    const db = openServerDb(server);
    const count = db.prepare(`select count(*) as n from prospects`).get() as { n: number };
    db.close();
    expect(count.n).toBe(5);
    await page.close();
  });
});
