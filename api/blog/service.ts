/**
 * Blog rules: content is sanitised before it is stored, a slug is unique, `published_at` is set the
 * first time a post is published, and every admin change is audit-logged in the same transaction.
 */
import { audit } from '../audit/service.ts';
import type { Actor } from '../audit/actor.ts';
import type { AppDeps } from '../context.ts';
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
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
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
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'blog.create',
          targetType: 'blog',
          targetId: id,
          details: { slug: input.slug, status: input.status },
          ip: actor.ip,
        },
        deps.clock,
      );
      return toAdminBlog((await findBlogById(trx, id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

export async function updateBlogPost(
  deps: AppDeps,
  id: string,
  input: BlogUpdate,
  actor: Actor,
): Promise<AdminBlog> {
  const now = deps.clock.now().toISOString();
  const content = input.content === undefined ? undefined : cleanContent(input.content);
  try {
    return await deps.database.db.transaction().execute(async (trx) => {
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
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'blog.update',
          targetType: 'blog',
          targetId: id,
          details: {
            changed: Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined),
            status,
          },
          ip: actor.ip,
        },
        deps.clock,
      );
      return toAdminBlog((await findBlogById(trx, id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

export async function deleteBlogPost(deps: AppDeps, id: string, actor: Actor): Promise<AdminBlog> {
  return deps.database.db.transaction().execute(async (trx) => {
    const existing = await findBlogById(trx, id);
    if (!existing) throw new AppError('not_found', BLOG_MESSAGES.notFound);
    await deleteBlog(trx, id);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'blog.delete',
        targetType: 'blog',
        targetId: id,
        details: { slug: existing.slug, title: existing.title },
        ip: actor.ip,
      },
      deps.clock,
    );
    return toAdminBlog(existing);
  });
}
