/**
 * Shared steps for the console's browser tests: the demo admin printed by the seed, signing in,
 * and verified non-admin accounts (signed up over HTTP, confirmed with the link from the captured
 * mail in the server's own database, as a user would from their inbox).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** The demo admin the seed prints at start-up (`Admin: email / password`). */
export function seededAdmin(server: RunningServer): Credentials {
  const match = /Admin:\s+(\S+@\S+) \/ (\S+)/.exec(server.output());
  if (!match) throw new Error(`the demo seed printed no admin:\n${server.output()}`);
  return { email: match[1], password: match[2] };
}

/** Sign in on a sign-in form (the site's /login or the console's /admin/login: both label Email and Password). */
export async function signIn(
  page: Page,
  baseUrl: string,
  creds: Credentials,
  path: '/login' | '/admin/login' = '/admin/login',
) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Email', { exact: true }).fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A verified, non-admin account. */
export async function createVerifiedUser(
  server: RunningServer,
  email: string,
  password: string,
): Promise<Credentials> {
  const res = await fetch(`${server.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const db = new Database(join(server.dataDir, 'app.db'), { readonly: true });
  let token: string | undefined;
  try {
    const mail = db
      .prepare('select text_body from emails where to_address = ? order by created_at desc limit 1')
      .get(email.toLowerCase()) as { text_body: string } | undefined;
    token = mail ? /verify-email\?token=([^\s&]+)/.exec(mail.text_body)?.[1] : undefined;
  } finally {
    db.close();
  }
  if (!token) throw new Error(`no confirmation mail for ${email}`);
  const verified = await fetch(`${server.baseUrl}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: decodeURIComponent(token) }),
  });
  if (!verified.ok) throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  return { email, password };
}

/** The access token of a fresh sign-in over HTTP, for checking the API directly. */
export async function bearerFor(baseUrl: string, creds: Credentials): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The console's toast with this text (top-right snackbar). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.MuiSnackbar-root').filter({ hasText: text });
}

/** Wait until the console header reads exactly `title` (it follows the path). */
export async function expectTitle(page: Page, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByTestId('page-title')
    .filter({ hasText: new RegExp(`^${escaped}$`) })
    .waitFor();
}

/** Open one of Merchant Details' tabs (Setup, Payments, Accounting, Team, Developers) and wait for it. */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await page.waitForFunction(
    (label) =>
      Array.from(document.querySelectorAll('[role="tab"]')).some(
        (t) => t.textContent === label && t.getAttribute('aria-selected') === 'true',
      ),
    name,
  );
}
