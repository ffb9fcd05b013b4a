/**
 * The invited owner's walk (tests/e2e/support/member-walk.ts) on a server whose database is
 * PostgreSQL (issue 32: the browser walk passes on both databases). Skipped, visibly, without a
 * reachable PostgreSQL (unless REQUIRE_POSTGRES=1).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createPostgresMerchant } from '../../bench/servers/postgres-merchant.ts';
import { createPostgresSchema, postgresReachable, TEST_POSTGRES_URL } from '../support/db.ts';
import { launchBrowser } from './support/browser.ts';
import { invitedOwnerWalk } from './support/member-walk.ts';
import { startServer, type RunningServer } from './support/server.ts';

const pgUp = await postgresReachable();
if (!pgUp && process.env.REQUIRE_POSTGRES === '1')
  throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but unreachable at ${TEST_POSTGRES_URL}`);
if (!pgUp) console.warn(`admin-members-postgres: skipped, PostgreSQL not reachable at ${TEST_POSTGRES_URL}`);

describe.skipIf(!pgUp)('merchant members in the console, on PostgreSQL', () => {
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    schema = await createPostgresSchema();
    [server, browser] = await Promise.all([
      startServer({ env: { DATABASE_URL: schema.url } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await schema?.drop();
  });

  async function invitationLink(address: string): Promise<string> {
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ text_body: string }>(
        "select text_body from emails where to_address = $1 and kind = 'merchant_invitation' order by created_at desc limit 1",
        [address],
      );
      return /(http\S+\/accept-invitation\?token=\S+)/.exec(rows[0].text_body)![1];
    } finally {
      await client.end();
    }
  }

  it('an invited owner accepts, finishes onboarding, refunds, makes a key, and sees only their merchant', async () => {
    await invitedOwnerWalk(server, browser, {
      connectedMerchant: (name) => createPostgresMerchant(schema.url, name),
      invitationLink,
    });
  });
});
