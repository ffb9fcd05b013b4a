/** `npm run reconcile -- --since YYYY-MM-DD [--record] [--json]`: see api/reconcile-cli.ts. */
import { runReconcile } from '../api/reconcile-cli.ts';

process.exitCode = await runReconcile(process.argv.slice(2), process.env, console);
