/**
 * Widget releases outlive a deploy (issue 51 item 1, docs/deploying.md "Widget releases"): each
 * server start publishes the build it serves — every file its manifest names (the versioned script,
 * the loader, the flow's and the module's chunks, the package tarball), content-addressed by name —
 * into the database, and `/widget/<name>` answers from there whatever a later build left in
 * dist/widget. So a page pinned by SRI, a WordPress setting or a lockfile naming an old tarball
 * keeps working after any number of deploys, on every host sharing the database.
 *
 * Immutability: a name is stored once and never overwritten; a build that would give a published
 * name or version other bytes is refused loudly (the old bytes keep being served). Retention: a
 * release that is no longer current stays for WIDGET_RELEASES_KEEP_DAYS (0: for ever); files no
 * remaining release names go with the last one.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DbOrTrx } from '../db/database.ts';
import type { AppDeps } from '../context.ts';

/** What a release's manifest says (scripts/widget-release.ts WidgetManifest, the parts used here). */
export interface ReleaseManifest {
  version: string;
  /** The hash of the widget's bytes the build versioned (scripts/widget-release.ts). */
  contentHash?: string;
  script: { path: string; integrity: string };
  loader: { path: string };
  flow: { entry: { path: string }; imports: { path: string }[]; lazy: { path: string }[] };
  module: { path: string; chunks: { path: string }[] };
  package?: { path: string; integrity: string; file: string };
}

export interface ReleaseSummary {
  version: string;
  published_at: string;
  current: boolean;
  script: { path: string; integrity: string };
  package: { path: string; integrity: string } | null;
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Every file a release's manifest names, by name under /widget/. */
export function releaseFileNames(m: ReleaseManifest): string[] {
  const paths = [
    m.script.path,
    m.loader.path,
    m.flow.entry.path,
    ...m.flow.imports.map((e) => e.path),
    ...m.flow.lazy.map((e) => e.path),
    m.module.path,
    ...m.module.chunks.map((e) => e.path),
    ...(m.package ? [m.package.path] : []),
  ];
  return [...new Set(paths.map((p) => p.replace(/^\/widget\//, '')))];
}

/** The release's identity: the build's own hash, else the manifest's names (all content-addressed). */
const contentHashOf = (m: ReleaseManifest) =>
  m.contentHash ?? sha256(Buffer.from(releaseFileNames(m).join('\n')));

export type PublishResult =
  | { published: 'new' | 'already'; version: string }
  | { published: 'refused'; version: string; reason: string };

/**
 * Publish the release in `widgetDir` (its manifest.json and the files it names). Safe to run on
 * every start and on several hosts at once (inserts that meet an existing row do nothing); a
 * release already published with these bytes costs one query.
 */
export async function publishRelease(
  db: DbOrTrx,
  widgetDir: string,
  now: Date,
): Promise<PublishResult | null> {
  const manifestFile = join(widgetDir, 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ReleaseManifest;
  const { version } = manifest;
  const hash = contentHashOf(manifest);
  const known = await db
    .selectFrom('widget_releases')
    .select(['content_hash'])
    .where('version', '=', version)
    .executeTakeFirst();
  if (known && known.content_hash !== hash)
    return {
      published: 'refused',
      version,
      reason: `widget release ${version} was published with other bytes; a changed widget needs a new version (scripts/widget-release.ts)`,
    };
  // Known with these bytes: its files went in before its row did (every start after the first).
  if (known) return { published: 'already', version };
  const stamp = now.toISOString();
  for (const name of releaseFileNames(manifest)) {
    const file = join(widgetDir, name);
    if (!existsSync(file)) continue; // an older build's manifest may name what this one no longer has
    const body = readFileSync(file);
    const digest = sha256(body);
    const stored = await db
      .selectFrom('widget_release_files')
      .select('sha256')
      .where('name', '=', name)
      .executeTakeFirst();
    if (stored) {
      if (stored.sha256 !== digest)
        return {
          published: 'refused',
          version,
          reason: `widget file ${name} was published with other bytes; published files never change`,
        };
      continue;
    }
    const sibling = (ext: string) => (existsSync(file + ext) ? readFileSync(file + ext) : null);
    await db
      .insertInto('widget_release_files')
      .values({ name, body, gz: sibling('.gz'), br: sibling('.br'), sha256: digest, created_at: stamp })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  await db
    .insertInto('widget_releases')
    .values({ version, content_hash: hash, manifest: JSON.stringify(manifest), published_at: stamp })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { published: 'new', version };
}

/** A published file by name, or null. */
export function releasedFile(db: DbOrTrx, name: string) {
  return db
    .selectFrom('widget_release_files')
    .select(['body', 'gz', 'br'])
    .where('name', '=', name)
    .executeTakeFirst()
    .then((row) => row ?? null);
}

/** Every release kept, newest first; `current`: the one this server's build is. */
export async function listReleases(db: DbOrTrx, currentVersion: string | null): Promise<ReleaseSummary[]> {
  const rows = await db
    .selectFrom('widget_releases')
    .select(['version', 'manifest', 'published_at'])
    .orderBy('published_at', 'desc')
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => {
    const m = JSON.parse(r.manifest) as ReleaseManifest;
    return {
      version: r.version,
      published_at: r.published_at,
      current: r.version === currentVersion,
      script: { path: m.script.path, integrity: m.script.integrity },
      package: m.package ? { path: m.package.path, integrity: m.package.integrity } : null,
    };
  });
}

/**
 * Retention: releases published more than `keepDays` ago, other than the current one, are
 * deleted, then the files no remaining release names. 0 keeps everything. Returns what went.
 */
export async function pruneReleases(
  db: DbOrTrx,
  keepDays: number,
  currentVersion: string | null,
  now: Date,
): Promise<{ releases: string[]; files: number }> {
  if (keepDays <= 0) return { releases: [], files: 0 };
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const old = await db
    .selectFrom('widget_releases')
    .select('version')
    .where('published_at', '<', cutoff)
    .$if(currentVersion !== null, (q) => q.where('version', '!=', currentVersion!))
    .execute();
  if (old.length === 0) return { releases: [], files: 0 };
  const versions = old.map((r) => r.version);
  await db.deleteFrom('widget_releases').where('version', 'in', versions).execute();
  const kept = await db.selectFrom('widget_releases').select('manifest').execute();
  const named = new Set(kept.flatMap((r) => releaseFileNames(JSON.parse(r.manifest) as ReleaseManifest)));
  const stored = await db.selectFrom('widget_release_files').select('name').execute();
  const orphans = stored.map((r) => r.name).filter((n) => !named.has(n));
  for (let i = 0; i < orphans.length; i += 200)
    await db
      .deleteFrom('widget_release_files')
      .where('name', 'in', orphans.slice(i, i + 200))
      .execute();
  return { releases: versions, files: orphans.length };
}

/** The version of the build this server serves (dist/widget/manifest.json), or null without one. */
export function currentVersion(widgetDir: string): string | null {
  const file = join(widgetDir, 'manifest.json');
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as ReleaseManifest).version;
}

/** At start: publish this build's release and apply the retention rule; says what happened in the log. */
export async function publishAtStart(deps: AppDeps): Promise<void> {
  const { database, config, logger, clock } = deps;
  const widgetDir = join(config.staticDir, 'widget');
  const now = clock.now();
  const result = await publishRelease(database.db, widgetDir, now);
  if (result?.published === 'refused') logger.error({ version: result.version }, result.reason);
  else if (result?.published === 'new') logger.info({ version: result.version }, 'widget release published');
  const pruned = await pruneReleases(
    database.db,
    config.widgetReleasesKeepDays,
    result?.version ?? null,
    now,
  );
  if (pruned.releases.length)
    logger.info({ releases: pruned.releases, files: pruned.files }, 'widget releases past retention removed');
}
