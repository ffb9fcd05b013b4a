/**
 * Blog queries. Rows keep tags as JSON text; `toAdminBlog`/`toPublicBlog` turn rows into API
 * objects so a row is never sent as-is.
 */
import { parseJsonOr } from '../../core/json.ts';
import type { DbOrTrx } from '../db/database.ts';
import type { Blog, NewBlog } from '../db/types.ts';
import type { AdminBlog, PublicBlog, PublicBlogPost } from './schema.ts';

function parseStoredTags(text: string): string[] {
  const value = parseJsonOr(text, []);
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

export function toPublicBlog(row: Blog): PublicBlog {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    author: row.author,
    image_url: row.image_url,
    tags: parseStoredTags(row.tags),
    published_at: row.published_at,
  };
}

export function toPublicBlogPost(row: Blog): PublicBlogPost {
  return { ...toPublicBlog(row), content: row.content };
}

export function toAdminBlog(row: Blog): AdminBlog {
  return {
    ...toPublicBlogPost(row),
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listPublishedBlogs(db: DbOrTrx, limit: number): Promise<Blog[]> {
  return db
    .selectFrom('blogs')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function findPublishedBlogBySlug(db: DbOrTrx, slug: string): Promise<Blog | undefined> {
  return db
    .selectFrom('blogs')
    .selectAll()
    .where('slug', '=', slug)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

export async function findBlogById(db: DbOrTrx, id: string): Promise<Blog | undefined> {
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findBlogBySlug(db: DbOrTrx, slug: string): Promise<Blog | undefined> {
  return db.selectFrom('blogs').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function insertBlog(db: DbOrTrx, row: NewBlog): Promise<void> {
  await db.insertInto('blogs').values(row).execute();
}

export async function updateBlog(db: DbOrTrx, id: string, changes: Partial<NewBlog>): Promise<void> {
  await db.updateTable('blogs').set(changes).where('id', '=', id).execute();
}

export async function deleteBlog(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('blogs').where('id', '=', id).execute();
}

/** Every post, drafts included, for the console's list (filters, sort and page come on top). */
export function allPosts(db: DbOrTrx) {
  return db.selectFrom('blogs').selectAll();
}
