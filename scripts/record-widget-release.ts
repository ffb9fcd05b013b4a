/**
 * `npm run widget:record -- <version>`: record the widget just built (dist/widget/manifest.json) as
 * release `<version>` in widget/release.json, so later builds of the same bytes carry that version
 * and a build whose widget changed gets a new one (scripts/widget-release.ts releaseVersion). Run it
 * when a widget change is released, then build again and commit widget/release.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { RELEASE_RECORD } from './widget-release.ts';

const version = process.argv[2];
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
  console.error('usage: npm run widget:record -- <major.minor.patch>');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync('dist/widget/manifest.json', 'utf8')) as { contentHash?: string };
if (!manifest.contentHash) {
  console.error('dist/widget/manifest.json has no contentHash: run npm run build -- widget first');
  process.exit(1);
}
writeFileSync(RELEASE_RECORD, `${JSON.stringify({ version, contentHash: manifest.contentHash }, null, 2)}\n`);
console.log(`${RELEASE_RECORD}: ${version} = ${manifest.contentHash.slice(0, 12)}…; build again to stamp it`);
