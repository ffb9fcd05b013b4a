/**
 * Blog rules: content is sanitised before it is stored, a slug is unique, `published_at` is set the
 * first time a post is published, and every admin change is audit-logged in the same transaction.
 */
import { audit } from '../audit/service.ts';
import type { Actor } from '../audit/actor.ts';
import type { AppDeps } from '../context.ts';
import type { Trx } from '../db/database.ts';
import { AppError } from '../errors.ts';
import {
  deleteBlog,
  findBlogById,
  findBlogBySlug,
  insertBlog,
  toAdminBlog,
  updateBlog,
} from './repository.ts';
import { sanitizeBlogHtml } from './sanitize.ts';
import { BLOG_MESSAGES, type AdminBlog, type BlogCreate, type BlogUpdate } from './schema.ts';

export type { Actor } from '../audit/actor.ts';

function slugTaken(): AppError {
  return new AppError('conflict', BLOG_MESSAGES.slugTaken, { field: 'slug' });
}

/** Unique-key violations from either dialect (a racing create with the same slug). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/**
 * Write a post where the slug may be taken: a racing write with the same slug, refused by the unique
 * index, gets the same 409 as the check before it.
 */
async function withSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

/** The audit-log entry of an admin's change to a post, in the change's transaction. */
function auditBlog(
  trx: Trx,
  deps: AppDeps,
  actor: Actor,
  action: 'blog.create' | 'blog.update' | 'blog.delete',
  id: string,
  details: Record<string, unknown>,
) {
  return audit(
    trx,
    { actor: actor.user, action, targetType: 'blog', targetId: id, details, ip: actor.ip },
    deps.clock,
  );
}

/** Sanitised content; a body that held only dangerous markup is refused rather than stored empty. */
function cleanContent(html: string): string {
  const clean = sanitizeBlogHtml(html);
  if (!clean) throw new AppError('validation_failed', BLOG_MESSAGES.contentRequired, { field: 'content' });
  return clean;
}

export async function createBlog(deps: AppDeps, input: BlogCreate, actor: Actor): Promise<AdminBlog> {
  const now = deps.clock.now().toISOString();
  const id = crypto.randomUUID();
  const content = cleanContent(input.content);
  return withSlug(() =>
    deps.database.db.transaction().execute(async (trx) => {
      if (await findBlogBySlug(trx, input.slug)) throw slugTaken();
      await insertBlog(trx, {
        id,
        title: input.title,
        slug: input.slug,
        summary: input.summary,
        content,
        author: input.author,
        image_url: input.image_url,
        tags: JSON.stringify(input.tags),
        status: input.status,
        published_at: input.status === 'published' ? now : null,
        created_at: now,
        updated_at: now,
      });
      await auditBlog(trx, deps, actor, 'blog.create', id, { slug: input.slug, status: input.status });
      return toAdminBlog((await findBlogById(trx, id))!);
    }),
  );
}

export async function updateBlogPost(
  deps: AppDeps,
  id: string,
  input: BlogUpdate,
  actor: Actor,
): Promise<AdminBlog> {
  const now = deps.clock.now().toISOString();
  const content = input.content === undefined ? undefined : cleanContent(input.content);
  return withSlug(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const existing = await findBlogById(trx, id);
      if (!existing) throw new AppError('not_found', BLOG_MESSAGES.notFound);
      if (
        input.slug !== undefined &&
        input.slug !== existing.slug &&
        (await findBlogBySlug(trx, input.slug))
      ) {
        throw slugTaken();
      }
      const status = input.status ?? existing.status;
      const changes = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.slug !== undefined && { slug: input.slug }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(content !== undefined && { content }),
        ...(input.author !== undefined && { author: input.author }),
        ...(input.image_url !== undefined && { image_url: input.image_url }),
        ...(input.tags !== undefined && { tags: JSON.stringify(input.tags) }),
        status,
        // The first publication date is kept when a post is edited or unpublished and republished.
        published_at: status === 'published' ? (existing.published_at ?? now) : existing.published_at,
        updated_at: now,
      };
      await updateBlog(trx, id, changes);
      // What the edit changed, not what the form sent (the console sends the whole post).
      const before = existing as Record<string, unknown>;
      const changed = Object.entries(changes)
        .filter(([k, v]) => k !== 'updated_at' && k !== 'published_at' && v !== before[k])
        .map(([k]) => k);
      await auditBlog(trx, deps, actor, 'blog.update', id, { changed, status });
      return toAdminBlog((await findBlogById(trx, id))!);
    }),
  );
}

export async function deleteBlogPost(deps: AppDeps, id: string, actor: Actor): Promise<AdminBlog> {
  return deps.database.db.transaction().execute(async (trx) => {
    const existing = await findBlogById(trx, id);
    if (!existing) throw new AppError('not_found', BLOG_MESSAGES.notFound);
    await deleteBlog(trx, id);
    await auditBlog(trx, deps, actor, 'blog.delete', id, { slug: existing.slug, title: existing.title });
    return toAdminBlog(existing);
  });
}

/** The demo seed's post (api/seed/blog-post.ts): found by slug, inserted as it is, unaudited. */
export { findBlogBySlug, insertBlog } from './repository.ts';
