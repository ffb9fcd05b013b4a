/**
 * Files that ship beside the code (schema.sql, migrations, the sandbox's schema, package.json),
 * found from the project root: the nearest folder above this module holding package.json. The same
 * code then finds them from the sources (api/…, under tsx) and from the server bundle
 * (dist/server/main.mjs, what `npm start` runs).
 *
 * @example readFileSync(projectPath('schema.sql'), 'utf8')
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

export function projectPath(...parts: string[]): string {
  if (!root) {
    let dir = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(dir, 'package.json'))) {
      const up = dirname(dir);
      if (up === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
      dir = up;
    }
    root = dir;
  }
  return join(root, ...parts);
}
