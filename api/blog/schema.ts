/**
 * Blog request and response schemas (spec §3 "Blog post", §5 "Blog create"). Title, slug and
 * content are required; the image URL must be an http(s) URL; tags arrive as a list or as the
 * form's comma-separated text and are stored trimmed; status is published (default) or draft.
 */
import { z } from '@hono/zod-openapi';
import { parseTags } from '../../core/slug.ts';

export const BLOG_MESSAGES = {
  titleRequired: 'Title is required',
  slugRequired: 'Slug is required',
  slugInvalid: 'Slug may only contain lower-case letters, digits, hyphens and underscores',
  slugTaken: 'A blog post with this slug already exists',
  contentRequired: 'Content is required',
  imageInvalid: 'Image URL must be a valid URL',
  notFound: 'Blog post not found',
} as const;

const SLUG_PATTERN = /^[a-z0-9_]+(?:-[a-z0-9_]+)*$/;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** http(s) only: a `javascript:` or `data:` image URL is refused, not stored. */
const imageUrl = z
  .string()
  .trim()
  .max(2000, BLOG_MESSAGES.imageInvalid)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => {
    if (v === null) return true;
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, BLOG_MESSAGES.imageInvalid);

const tags = z
  .union([z.array(z.string().max(40, 'Each tag must be at most 40 characters')), z.string().max(1000)])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v.map((t) => t.trim()).filter(Boolean) : parseTags(v)))
  .refine((v) => v.length <= 20, 'At most 20 tags')
  .openapi({ type: 'array', items: { type: 'string' }, example: ['xero', 'cash flow'] });

const fields = {
  title: requiredText(BLOG_MESSAGES.titleRequired, 200),
  slug: requiredText(BLOG_MESSAGES.slugRequired, 200).refine(
    (v) => SLUG_PATTERN.test(v),
    BLOG_MESSAGES.slugInvalid,
  ),
  summary: optionalText(1000),
  content: requiredText(BLOG_MESSAGES.contentRequired, 200_000),
  author: optionalText(120),
  image_url: imageUrl,
  tags,
  status: z.enum(['published', 'draft']).default('published'),
};

export const BlogCreateSchema = z.object(fields).openapi('BlogCreate');
export type BlogCreate = z.infer<typeof BlogCreateSchema>;

/** react-admin sends the whole record on update; any subset of fields is accepted. */
export const BlogUpdateSchema = z
  .object({
    title: fields.title.optional(),
    slug: fields.slug.optional(),
    summary: fields.summary.optional(),
    content: fields.content.optional(),
    author: fields.author.optional(),
    image_url: fields.image_url.optional(),
    tags: fields.tags.optional(),
    status: z.enum(['published', 'draft']).optional(),
    // The record's own read-only fields, which a simple-rest client sends back: accepted, ignored.
    id: z.string().max(100).optional(),
    created_at: z.string().max(40).optional(),
    updated_at: z.string().max(40).optional(),
    published_at: z.string().max(40).nullish(),
  })
  .openapi('BlogUpdate');
export type BlogUpdate = z.infer<typeof BlogUpdateSchema>;

/** A post as the public site reads it. */
export const PublicBlogSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    summary: z.string().nullable(),
    author: z.string().nullable(),
    image_url: z.string().nullable(),
    tags: z.array(z.string()),
    published_at: z.string().nullable(),
  })
  .openapi('PublicBlogSummary');

export const PublicBlogPostSchema = PublicBlogSchema.extend({ content: z.string() }).openapi(
  'PublicBlogPost',
);

/** A post as the console reads it. */
export const AdminBlogSchema = PublicBlogPostSchema.extend({
  status: z.enum(['published', 'draft']),
  created_at: z.string(),
  updated_at: z.string(),
}).openapi('AdminBlogPost');

export type PublicBlog = z.infer<typeof PublicBlogSchema>;
export type PublicBlogPost = z.infer<typeof PublicBlogPostSchema>;
export type AdminBlog = z.infer<typeof AdminBlogSchema>;
