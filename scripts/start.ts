/**
 * `npm start`: on a fresh clone, builds whatever front end is missing, then starts the server
 * (which migrates the database, runs the demo seed in sandbox mode and prints the URLs).
 */
import { buildSurfaces, missingSurfaces } from './build-lib.ts';

const missing = missingSurfaces();
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start)…`);
  await buildSurfaces(missing);
}
await import('../api/main.ts');
