/**
 * The accounts pages in Chromium against the real server (real scrypt, real mail capture in the
 * `emails` table): sign-up with the spec's validation texts, the confirmation link, sign-in landing
 * in the console (an admin by a confirmed email under ADMIN_EMAIL_DOMAIN) or on /unauthorized (not an
 * admin), wrong password and unconfirmed-account messages, the working Forgot password → reset →
 * sign in with the new password, bad links, titles, and axe-core on /login.
 */
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_DOMAIN = 'admins.test';

describe('accounts pages', () => {
  let server: RunningServer;
  let browser: Browser;
  let seq = 0;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { ADMIN_EMAIL_DOMAIN: ADMIN_DOMAIN } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const uniqueEmail = (domain = 'builders.test') => `user${++seq}-${Date.now().toString(36)}@${domain}`;

  function emailsTo(address: string, kind: string): { text_body: string }[] {
    const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
    try {
      db.pragma('busy_timeout = 5000');
      return db
        .prepare('select text_body from emails where to_address = ? and kind = ? order by created_at')
        .all(address, kind) as { text_body: string }[];
    } finally {
      db.close();
    }
  }

  /** The path of the latest link of this kind mailed to the address (waits for the mail). */
  async function mailedLink(address: string, kind: 'verify_email' | 'reset_password'): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const mails = emailsTo(address, kind);
      const match = mails.at(-1)?.text_body.match(/https?:\/\/\S+/);
      if (match) {
        const url = new URL(match[0]);
        expect(url.origin).toBe(server.baseUrl);
        return `${url.pathname}${url.search}`;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${kind} mail to ${address}`);
  }

  async function api(path: string, body: unknown) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  /** A confirmed account made through the API (the browser flow is tested separately). */
  async function confirmedAccount(email: string, password: string) {
    expect((await api('/api/auth/signup', { email, password })).status).toBe(201);
    const token = new URLSearchParams((await mailedLink(email, 'verify_email')).split('?')[1]).get('token');
    expect((await api('/api/auth/verify', { token })).status).toBe(200);
  }

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    // A context per page: its own cookie jar, like a separate browser profile.
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    page.on('close', () => void context.close().catch(() => undefined));
    const errors = watchErrors(page);
    await page.goto(`${server.baseUrl}${path}`);
    await page.locator('h1').first().waitFor();
    return { page, errors };
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  const alertText = (page: Page) => page.locator('.auth-card__alert').innerText();

  it("sign-up validates with the spec's texts, then confirm by email link and sign in: lands on /admin/dashboard", async () => {
    const { page, errors } = await open('/signup');
    expect(await page.title()).toBe('Sign Up | InvoicePay');
    const email = uniqueEmail(ADMIN_DOMAIN);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText("Passwords don't match").waitFor();
    expect(await page.getByLabel('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('signup-confirm');

    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    expect(emailsTo(email, 'verify_email')).toHaveLength(0);

    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByLabel('Confirm password').fill('correct horse');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Registration Successful' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('check your email');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // Signing in before confirming is refused with the API's message and a resend action.
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await page.waitForURL('**/login');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(/Email not confirmed/).waitFor();
    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await page.getByText(/we have sent a new confirmation link/).waitFor();
    // (Mailed beside the answer: the answer does not wait for the mail server.)
    await expect.poll(() => emailsTo(email, 'verify_email').length, { timeout: 5_000 }).toBe(2);

    await page.goto(`${server.baseUrl}${await mailedLink(email, 'verify_email')}`);
    await page.getByRole('heading', { name: 'Email Confirmed' }).waitFor();
    expect(await alertText(page)).toContain('Email confirmed. You can now sign in.');
    // The link works once.
    const reused = await page.context().newPage();
    await reused.goto(page.url());
    await reused.getByText('This confirmation link is invalid or has expired.').waitFor();
    await reused.close();

    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    // Our pages ran cleanly (the refused sign-in's 403 is expected in the console log).
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await signIn(page, email, 'correct horse');
    await page.waitForURL('**/admin/dashboard');
    // The console took the session from the refresh cookie: it shows the dashboard, not its login.
    await page.getByRole('heading', { name: 'Test Payment Page' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    await page.close();
  });

  it('a business finds sign-up on the home page, confirms its email, signs in and creates its merchant', async () => {
    const email = uniqueEmail();
    const { page } = await open('/');
    await page.locator('.hero').getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/signup');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('timber-yard-1');
    await page.getByLabel('Confirm password').fill('timber-yard-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Registration Successful' }).waitFor();
    await page.goto(`${server.baseUrl}${await mailedLink(email, 'verify_email')}`);
    await page.getByRole('heading', { name: 'Email Confirmed' }).waitFor();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await signIn(page, email, 'timber-yard-1');
    await page.waitForURL('**/unauthorized', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Set up your business' }).waitFor();
    await page.getByLabel('Business name').fill('Self Serve Sleepers');
    await page.getByLabel('Your name').fill('Sam Sleeper');
    await page.getByRole('button', { name: 'Start Taking Payments' }).click();
    await page.waitForURL(/\/admin\/merchants\/[0-9a-f-]+$/, { timeout: 15_000 });
    await page.getByText('Self Serve Sleepers').first().waitFor();
    await page.close();
  });

  it('an account without a merchant is sent from sign-in to set up its business (not Access Denied), and signs out', async () => {
    const email = uniqueEmail();
    await confirmedAccount(email, 'builder-pass');
    const { page } = await open('/login');
    await signIn(page, email, 'builder-pass');
    await page.waitForURL('**/unauthorized', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Set up your business' }).waitFor();
    await page.getByText(email).waitFor();
    expect(await page.getByText('admin access').count()).toBe(0);
    expect(await page.title()).toBe('Set up your business | InvoicePay');
    // The start form names every empty field by its label, at the field.
    await page.getByLabel('Business email').fill('');
    await page.getByRole('button', { name: 'Start Taking Payments' }).click();
    await page.getByText('Enter your business name').waitFor();
    await page.getByText('Enter your name', { exact: true }).waitFor();
    await page.getByText('Enter your business email').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('start-business');
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('You have been signed out.').waitFor();
    // The refresh cookie no longer signs anyone in.
    const refreshed = await page.evaluate(
      async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status,
    );
    expect(refreshed).toBe(401);
    await page.close();
  });

  it("a wrong password shows the API's message; empty fields are named; the page passes axe-core", async () => {
    const email = uniqueEmail();
    await confirmedAccount(email, 'right-password');
    const { page, errors } = await open('/login');
    expect(await page.title()).toBe('Sign In | InvoicePay');
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/signup',
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');

    await signIn(page, email, 'wrong-password');
    await page.getByText('Invalid login credentials').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await page.close();
  });

  it('Forgot password mails a reset link (same answer for unknown emails); the new password signs in, the old one no longer does', async () => {
    const email = uniqueEmail(ADMIN_DOMAIN);
    await confirmedAccount(email, 'old-password');
    const { page } = await open('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const sent = 'If an account exists for that email, we have sent a link to reset the password.';
    await page.getByText(sent).waitFor();

    const stranger = uniqueEmail();
    const { page: other } = await open('/forgot-password');
    await other.getByLabel('Email', { exact: true }).fill(stranger);
    await other.getByRole('button', { name: 'Send Reset Link' }).click();
    await other.getByText(sent).waitFor();
    expect(emailsTo(stranger, 'reset_password')).toHaveLength(0);
    await other.close();

    await page.goto(`${server.baseUrl}${await mailedLink(email, 'reset_password')}`);
    await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    expect(await page.title()).toBe('Reset Password | InvoicePay');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm new password').fill('brand-new-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm new password').fill('brand-new-1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('heading', { name: 'Password Updated' }).waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await signIn(page, email, 'old-password');
    await page.getByText('Invalid login credentials').waitFor();
    await signIn(page, email, 'brand-new-1');
    await page.waitForURL('**/admin/dashboard');
    await page.close();
  });

  it('bad or missing account links say so and offer a way on', async () => {
    const { page } = await open('/verify-email?token=not-a-real-token');
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();
    await page.getByRole('button', { name: 'Send New Link' }).waitFor();
    await page.goto(`${server.baseUrl}/verify-email`);
    await page.getByText('This confirmation link is invalid or has expired.').waitFor();

    await page.goto(`${server.baseUrl}/reset-password`);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    expect(await page.getByRole('link', { name: 'Request a New Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );

    await page.goto(`${server.baseUrl}/reset-password?token=forged`);
    await page.getByLabel('New password', { exact: true }).fill('whatever1');
    await page.getByLabel('Confirm new password').fill('whatever1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('This password reset link is invalid or has expired.').waitFor();

    // An auth error carried in the URL (e.g. from an expired link elsewhere) is shown on /login.
    await page.goto(
      `${server.baseUrl}/login?error=access_denied&error_description=Email+link+is+invalid+or+has+expired`,
    );
    await page.getByText('Email link is invalid or has expired').waitFor();
    await page.close();
  });
});
