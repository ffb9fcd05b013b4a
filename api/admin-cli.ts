/**
 * `npm run admin:create -- --email E --password P`: open DATABASE_URL, migrate, and create a
 * verified admin or promote an existing account (new password, lockout cleared, sessions revoked).
 * The password may come from ADMIN_PASSWORD instead of the command line (kept out of shell history).
 */
import { parseArgs } from 'node:util';
import { EMAIL_PATTERN } from '../core/email.ts';
import { ConfigError, loadConfig } from './config.ts';
import { systemClock } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './migrations.ts';
import { PasswordHasher } from './auth/password.ts';
import { PASSWORD_TOO_SHORT } from './auth/schema.ts';
import { createOrPromoteAdmin } from './auth/service.ts';

const USAGE = 'Usage: npm run admin:create -- --email admin@example.com --password <at least 6 characters>';

export async function runAdminCreate(
  argv: string[],
  env: Record<string, string | undefined>,
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' } },
    }));
  } catch (err) {
    out.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const email = values.email?.trim();
  const password = values.password ?? env.ADMIN_PASSWORD;
  if (!email || !EMAIL_PATTERN.test(email)) {
    out.error(`A valid --email is required.\n${USAGE}`);
    return 2;
  }
  if (!password) {
    out.error(`--password (or ADMIN_PASSWORD) is required.\n${USAGE}`);
    return 2;
  }
  if (password.length < 6) {
    out.error(PASSWORD_TOO_SHORT);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    out.error(err instanceof ConfigError ? err.message : String(err));
    return 1;
  }
  const database = openDatabase(config.databaseUrl);
  try {
    await migrate(database);
    const { user, created } = await createOrPromoteAdmin(
      { config, database, clock: systemClock, passwordHasher: new PasswordHasher() },
      { email, password, via: 'cli' },
    );
    out.log(
      `${created ? 'Created admin' : 'Promoted to admin'} ${user.email} on ${database.describe} (email verified, lockout cleared).`,
    );
    return 0;
  } catch (err) {
    out.error(`Could not create the admin on ${database.describe}: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}
