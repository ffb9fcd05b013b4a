/**
 * `/widget/<name>` for a file of an earlier release (./store.ts) that the build on disk no longer
 * has: the stored bytes, served like the build's own pinned files (immutable, precompressed when
 * the client takes it), from a bounded cache since a published file never changes.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import { WeightedLru } from '../http/lru.ts';
import { contentTypeOf, IMMUTABLE, respondWith, type CachedFile } from '../http/static.ts';
import { releasedFile } from './store.ts';

/** A released file's name: content-addressed, `invoice-pay…`, nothing that could leave the folder. */
const RELEASED_NAME = /^invoice-pay[\w.-]*\.(js|tgz)$/;

export function createReleasedFiles(db: DbOrTrx) {
  const cache = new WeightedLru<CachedFile>({
    maxEntries: 200,
    maxWeight: 16 * 1024 * 1024,
    weigh: (f) => f.body.length + (f.gz?.length ?? 0) + (f.br?.length ?? 0),
  });
  return async (c: Context<AppEnv>, name: string): Promise<Response | null> => {
    if (!RELEASED_NAME.test(name) || name.includes('..')) return null;
    let file = cache.get(name);
    if (!file) {
      const row = await releasedFile(db, name);
      if (!row) return null;
      file = {
        body: Buffer.from(row.body),
        gz: row.gz ? Buffer.from(row.gz) : undefined,
        br: row.br ? Buffer.from(row.br) : undefined,
        type: contentTypeOf(name),
      };
      cache.set(name, file);
    }
    return respondWith(c, file, IMMUTABLE);
  };
}
