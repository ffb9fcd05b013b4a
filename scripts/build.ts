/** `npm run build [-- site admin widget server]`: build the front ends and the server bundle (all by default). */
import { SURFACES, buildSurfaces, type Surface } from './build-lib.ts';
import { buildServer } from './build-server.ts';

const args = process.argv.slice(2);
const asked = args.filter((a): a is Surface => (SURFACES as readonly string[]).includes(a));
if (asked.length || !args.length) await buildSurfaces(asked.length ? asked : SURFACES);
if (args.includes('server') || !args.length) {
  const started = Date.now();
  await buildServer();
  console.log(`built server in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
