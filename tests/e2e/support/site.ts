/**
 * Helpers for the public-site browser tests: direct access to the running server's SQLite file
 * (to check what was stored, or to plant rows the API would refuse), and an admin bearer token
 * signed with the e2e server's JWT secret.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { signAccessToken } from '../../../api/auth/access-token.ts';
import { systemClock } from '../../../api/context.ts';
import { receiptToken } from '../../../api/payments/notices/receipt.ts';
import type { RunningServer } from './server.ts';

/** The JWT_SECRET `startServer()` gives the server. */
const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456';

/**
 * A payment's receipt token, as its receipt link carries it: what `/success` and
 * `/api/payments/details` ask of a caller that is not the pay session that made it.
 */
export const receiptTokenFor = (paymentId: string) => receiptToken(E2E_JWT_SECRET, paymentId);

export function openServerDb(server: RunningServer): Database.Database {
  const db = new Database(join(server.dataDir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

export async function adminBearer(server: RunningServer): Promise<string> {
  const db = openServerDb(server);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  db.prepare(
    `insert into users (id, email, password_hash, role, email_verified_at, created_at, updated_at)
     values (?, ?, 'not-used', 'admin', ?, ?, ?)`,
  ).run(id, `site-e2e-${id.slice(0, 8)}@example.com`, now, now, now);
  db.close();
  return `Bearer ${await signAccessToken(E2E_JWT_SECRET, id, systemClock)}`;
}

/**
 * A global XSS trap: anything that runs `window.__xss = …` or opens a dialog (alert/confirm/prompt)
 * is recorded. Read it with `xssFired(page)`.
 */
export async function installXssTrap(page: Page): Promise<string[]> {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, '__xss', {
      configurable: false,
      set(value: unknown) {
        (window as unknown as { __xssLog: unknown[] }).__xssLog.push(value);
      },
      get() {
        return undefined;
      },
    });
    (window as unknown as { __xssLog: unknown[] }).__xssLog = [];
  });
  return fired;
}

export async function xssFired(page: Page, dialogs: string[]): Promise<unknown[]> {
  const log = await page.evaluate(() => (window as unknown as { __xssLog: unknown[] }).__xssLog);
  return [...log, ...dialogs];
}
