/**
 * Blog HTTP surface: the public list and post (`/api/public/blogs…`), the console's simple-rest
 * resource (`/api/admin/blogs…`, admin-only by the global guard), `/sitemap.xml` and `/robots.txt`.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { postDescription } from '../../core/blog-text.ts';
import { clientIp } from '../audit/client-ip.ts';
import { AppError } from '../errors.ts';
import { bearerSecurity, idParam, jsonContent as json } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { defineList, ListQueryParams, listPage, listResponse } from '../http/simple-rest.ts';
import {
  findBlogById,
  findPublishedBlogBySlug,
  listPublishedBlogs,
  toAdminBlog,
  toPublicBlog,
  toPublicBlogPost,
} from './repository.ts';
import {
  AdminBlogSchema,
  BLOG_MESSAGES,
  BlogCreateSchema,
  BlogUpdateSchema,
  PublicBlogPostSchema,
  PublicBlogSchema,
} from './schema.ts';
import { createBlog, deleteBlogPost, updateBlogPost } from './service.ts';
import { injectPostMeta, readSiteShell } from './page-meta.ts';
import { renderRobots, renderSitemap } from './sitemap.ts';
import { allPosts } from './repository.ts';

/** The public list is the whole blog; this bounds a response if the blog ever grows large. */
const PUBLIC_LIST_LIMIT = 200;

const blogList = defineList({
  resource: 'blogs',
  sortable: {
    id: 'id',
    title: 'title',
    slug: 'slug',
    author: 'author',
    status: 'status',
    published_at: 'published_at',
    created_at: 'created_at',
    updated_at: 'updated_at',
  },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    q: { search: ['title', 'slug', 'author', 'summary'] },
    id: { column: 'id' },
    status: { column: 'status' },
    slug: { column: 'slug' },
    author: { column: 'author', op: 'like' },
  },
});

const IdParam = idParam(64);
const SlugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'slug', in: 'path' } }),
});
const admin = { tags: ['admin: blogs'], security: bearerSecurity };

/** The site's blog data, mounted under /api/public. */
export const publicBlogRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/blogs',
      tags: ['public'],
      summary: 'Published blog posts, newest first',
      responses: { 200: json(z.array(PublicBlogSchema), 'Published posts') },
    }),
    async (c) => {
      const rows = await listPublishedBlogs(c.get('deps').database.db, PUBLIC_LIST_LIMIT);
      return c.json(rows.map(toPublicBlog), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/blogs/{slug}',
      tags: ['public'],
      summary: 'One published blog post by slug',
      request: { params: SlugParam },
      responses: { 200: json(PublicBlogPostSchema, 'The post'), ...errorResponses(404) },
    }),
    async (c) => {
      const row = await findPublishedBlogBySlug(c.get('deps').database.db, c.req.valid('param').slug);
      if (!row) throw new AppError('not_found', BLOG_MESSAGES.notFound);
      return c.json(toPublicBlogPost(row), 200);
    },
  );

/** The blog's crawlable pages, at the site's root. */
export const blogPageRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/sitemap.xml',
      tags: ['public'],
      summary: 'Sitemap: the landing page, the blog and each published post',
      responses: { 200: { description: 'Sitemap', content: { 'application/xml': { schema: z.string() } } } },
    }),
    async (c) => {
      const { config, database } = c.get('deps');
      const rows = await listPublishedBlogs(database.db, 50_000);
      const xml = renderSitemap(config.publicBaseUrl, rows);
      return c.body(xml, 200, {
        'content-type': 'application/xml; charset=utf-8',
        'cache-control': 'public, max-age=300',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/blog/{slug}',
      tags: ['site'],
      summary: 'Blog post page: the site shell with the post’s title, description and Open Graph tags',
      request: { params: SlugParam },
      responses: {
        200: { description: 'HTML page', content: { 'text/html': { schema: z.string() } } },
        404: {
          description: 'No such published post (the page says so)',
          content: { 'text/html': { schema: z.string() } },
        },
      },
    }),
    async (c) => {
      const { config, database } = c.get('deps');
      const shell = await readSiteShell(config.staticDir);
      if (!shell) throw new AppError('not_found', 'Not found');
      const row = await findPublishedBlogBySlug(database.db, c.req.valid('param').slug);
      const headers = { 'cache-control': 'no-cache' };
      if (!row) return c.html(shell, 404, headers);
      const html = injectPostMeta(shell, {
        title: `${row.title} | ${config.productName}`,
        description: postDescription(row.summary, row.content),
        url: `${config.publicBaseUrl}/blog/${encodeURIComponent(row.slug)}`,
        image: row.image_url,
        publishedTime: row.published_at,
        siteName: config.productName,
      });
      return c.html(html, 200, headers);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/robots.txt',
      tags: ['public'],
      summary: 'Crawler rules, naming the sitemap',
      responses: { 200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } } },
    }),
    (c) =>
      c.text(renderRobots(c.get('deps').config.publicBaseUrl), 200, {
        'cache-control': 'public, max-age=3600',
      }),
  );

/** The console's resource, mounted under /api/admin. */
export const adminBlogRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/blogs',
      ...admin,
      summary: 'List blog posts (simple-rest)',
      request: { query: ListQueryParams },
      responses: {
        200: listResponse(AdminBlogSchema, 'A page of posts'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const rows = await listPage(c, blogList, allPosts(c.get('deps').database.db));
      return c.json(rows.map(toAdminBlog), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/blogs/{id}',
      ...admin,
      summary: 'One blog post, published or draft',
      request: { params: IdParam },
      responses: { 200: json(AdminBlogSchema, 'The post'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const row = await findBlogById(c.get('deps').database.db, c.req.valid('param').id);
      if (!row) throw new AppError('not_found', BLOG_MESSAGES.notFound);
      return c.json(toAdminBlog(row), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/blogs',
      ...admin,
      summary: 'Create a blog post (content is sanitised before it is stored)',
      request: { body: { required: true, content: { 'application/json': { schema: BlogCreateSchema } } } },
      responses: { 201: json(AdminBlogSchema, 'Created'), ...errorResponses(400, 401, 403, 409) },
    }),
    async (c) => {
      const post = await createBlog(c.get('deps'), c.req.valid('json'), {
        user: c.get('user') ?? null,
        ip: clientIp(c),
      });
      return c.json(post, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/blogs/{id}',
      ...admin,
      summary: 'Update a blog post',
      request: {
        params: IdParam,
        body: { required: true, content: { 'application/json': { schema: BlogUpdateSchema } } },
      },
      responses: { 200: json(AdminBlogSchema, 'Updated'), ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (c) => {
      const post = await updateBlogPost(c.get('deps'), c.req.valid('param').id, c.req.valid('json'), {
        user: c.get('user') ?? null,
        ip: clientIp(c),
      });
      return c.json(post, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/blogs/{id}',
      ...admin,
      summary: 'Delete a blog post',
      request: { params: IdParam },
      responses: { 200: json(AdminBlogSchema, 'The deleted post'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const post = await deleteBlogPost(c.get('deps'), c.req.valid('param').id, {
        user: c.get('user') ?? null,
        ip: clientIp(c),
      });
      return c.json(post, 200);
    },
  );
