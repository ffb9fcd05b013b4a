/** `npm run db:migrate`: apply schema.sql / pending migrations to DATABASE_URL and exit. */
import { ConfigError, loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/database.ts';
import { migrate } from '../api/migrations.ts';

try {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  const result = await migrate(database);
  console.log(
    result.fresh
      ? `Created the schema on ${database.describe}`
      : result.applied.length
        ? `Applied ${result.applied.join(', ')} on ${database.describe}`
        : `${database.describe} is up to date`,
  );
  await database.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
