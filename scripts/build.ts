/** `npm run build [-- site admin widget]`: build the front ends (all by default). */
import { SURFACES, buildSurfaces, type Surface } from './build-lib.ts';

const asked = process.argv.slice(2).filter((a): a is Surface => (SURFACES as readonly string[]).includes(a));
await buildSurfaces(asked.length ? asked : SURFACES);
