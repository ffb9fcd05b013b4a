/** `npm run admin:create -- --email E --password P`: see api/admin-cli.ts. */
import { runAdminCreate } from '../api/admin-cli.ts';

process.exitCode = await runAdminCreate(process.argv.slice(2), process.env, console);
