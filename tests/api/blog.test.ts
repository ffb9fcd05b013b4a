/**
 * The blog through HTTP: public list and post, the console's simple-rest resource with the spec's
 * validation, server-side sanitising of stored HTML, the audit trail, and the sitemap.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../api/auth/access-token.ts';
import { blogSeedStep, DEMO_POST_SLUG } from '../../api/seed/blog-post.ts';
import { runDemoSeed } from '../../api/seed/demo.ts';
import { createTestApp, json, type TestApp } from '../support/app.ts';
import { skipPostgres, testDialect } from '../support/db.ts';

const skip = await skipPostgres();

async function createUser(t: TestApp, role: 'admin' | 'user'): Promise<string> {
  const id = crypto.randomUUID();
  const now = t.clock.now().toISOString();
  await t.deps.database.db
    .insertInto('users')
    .values({
      id,
      email: `${role}-${id.slice(0, 8)}@example.com`,
      password_hash: 'not-used-here',
      role,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return `Bearer ${await signAccessToken(t.deps.config.jwtSecret, id, t.clock)}`;
}

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Getting paid faster',
  slug: 'getting-paid-faster',
  summary: 'Why card payments shorten your payment cycle.',
  content: '<p>Hello <strong>builders</strong></p>',
  author: 'Sam Supplier',
  image_url: 'https://images.example.com/a.png',
  tags: 'cash flow, xero ,, payments',
  status: 'published',
  ...over,
});

describe.skipIf(skip)(`blog (${testDialect})`, () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, 'admin');
    user = await createUser(t, 'user');
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (body: unknown) => json(t.app, 'POST', '/api/admin/blogs', body, { authorization: admin });

  it('refuses the admin resource to visitors and to signed-in non-admins', async () => {
    expect((await json(t.app, 'POST', '/api/admin/blogs', post())).status).toBe(401);
    expect((await json(t.app, 'POST', '/api/admin/blogs', post(), { authorization: user })).status).toBe(403);
    expect((await json(t.app, 'GET', '/api/admin/blogs', undefined, { authorization: user })).status).toBe(
      403,
    );
  });

  it('creates a published post with trimmed tags, a publication date and an audit entry', async () => {
    const res = await create(post());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Getting paid faster',
      slug: 'getting-paid-faster',
      tags: ['cash flow', 'xero', 'payments'],
      status: 'published',
      published_at: t.clock.now().toISOString(),
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const audit = await t.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', res.body.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['blog.create']);
    expect(audit[0].actor_email).toMatch(/^admin-/);
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: undefined }, 'title', 'Title is required'],
    [{ slug: '   ' }, 'slug', 'Slug is required'],
    [
      { slug: 'Has Spaces' },
      'slug',
      'Slug may only contain lower-case letters, digits, hyphens and underscores',
    ],
    [{ content: '' }, 'content', 'Content is required'],
    [{ image_url: 'not a url' }, 'image_url', 'Image URL must be a valid URL'],
    [{ image_url: 'javascript:alert(1)' }, 'image_url', 'Image URL must be a valid URL'],
    [{ status: 'archived' }, 'status', 'Invalid option: expected one of "published"|"draft"'],
  ])('refuses %j with 400 naming the field', async (over, field, message) => {
    const res = await create(post({ slug: `v-${crypto.randomUUID().slice(0, 8)}`, ...over }));
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toBe(message);
  });

  it('defaults to published, gives an empty tag list for empty tags, and refuses a duplicate slug', async () => {
    const { status: _s, ...noStatus } = post({ slug: 'defaults', tags: '' });
    const res = await create(noStatus);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('published');
    expect(res.body.tags).toEqual([]);
    const dup = await create(post({ slug: 'defaults' }));
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({
      field: 'slug',
      message: 'A blog post with this slug already exists',
    });
  });

  it('strips scripts, event handlers, javascript: links and iframes from stored HTML', async () => {
    const res = await create(
      post({
        slug: 'xss',
        content:
          '<p>Safe text</p><script>window.__xss=1</script><img src="https://x.example/a.png" onerror="window.__xss=2">' +
          '<a href="javascript:window.__xss=3">click</a><a href="JaVaScRiPt:alert(1)">two</a>' +
          '<iframe srcdoc="<script>parent.__xss=4</script>"></iframe><p onclick="x()" style="color:red">styled</p>' +
          '<a href="https://example.com" target="_self" rel="opener">ok</a><svg onload="alert(1)"></svg>',
      }),
    );
    expect(res.status).toBe(201);
    const stored = (
      await t.deps.database.db
        .selectFrom('blogs')
        .select('content')
        .where('slug', '=', 'xss')
        .executeTakeFirstOrThrow()
    ).content;
    for (const bad of [
      '<script',
      'onerror',
      'javascript:',
      'iframe',
      'srcdoc',
      'onclick',
      'style=',
      'onload',
      '<svg',
      'opener"',
    ]) {
      expect(stored.toLowerCase()).not.toContain(bad.toLowerCase());
    }
    expect(stored).toContain('<p>Safe text</p>');
    expect(stored).toContain('<img src="https://x.example/a.png" />');
    expect(stored).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    // What the public API serves is the sanitised copy.
    const pub = await json(t.app, 'GET', '/api/public/blogs/xss');
    expect(pub.body.content).toBe(stored);
  });

  it('refuses content that is nothing but dangerous markup', async () => {
    const res = await create(post({ slug: 'only-script', content: '<script>alert(1)</script>' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ field: 'content', message: 'Content is required' });
  });

  it('lists only published posts, newest first, and hides drafts from the public', async () => {
    t.clock.advance(60_000);
    const draft = await create(post({ slug: 'a-draft', title: 'Draft', status: 'draft' }));
    expect(draft.body.published_at).toBeNull();
    t.clock.advance(60_000);
    const newest = await create(post({ slug: 'newest', title: 'Newest' }));
    const list = await json(t.app, 'GET', '/api/public/blogs');
    expect(list.status).toBe(200);
    const slugs = list.body.map((p: { slug: string }) => p.slug);
    expect(slugs[0]).toBe('newest');
    expect(slugs).not.toContain('a-draft');
    expect(Object.keys(list.body[0]).sort()).toEqual(
      ['author', 'id', 'image_url', 'published_at', 'slug', 'summary', 'tags', 'title'].sort(),
    );
    const missing = await json(t.app, 'GET', '/api/public/blogs/a-draft');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Blog post not found');
    expect((await json(t.app, 'GET', '/api/public/blogs/no-such-post')).body.error.message).toBe(
      'Blog post not found',
    );
    const one = await json(t.app, 'GET', '/api/public/blogs/newest');
    expect(one.body).toMatchObject({
      title: 'Newest',
      author: 'Sam Supplier',
      content: '<p>Hello <strong>builders</strong></p>',
    });
    expect(newest.status).toBe(201);
  });

  it('publishing a draft sets its date once; editing keeps it; updates are audited', async () => {
    const draft = await create(post({ slug: 'later', status: 'draft' }));
    t.clock.advance(1000);
    const published = await json(
      t.app,
      'PUT',
      `/api/admin/blogs/${draft.body.id}`,
      { ...draft.body, status: 'published' },
      { authorization: admin },
    );
    expect(published.status).toBe(200);
    const publishedAt = published.body.published_at;
    expect(publishedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(1000);
    const edited = await json(
      t.app,
      'PUT',
      `/api/admin/blogs/${draft.body.id}`,
      { title: 'Later, edited', content: '<p>x<script>1</script></p>' },
      { authorization: admin },
    );
    expect(edited.body).toMatchObject({
      title: 'Later, edited',
      content: '<p>x</p>',
      published_at: publishedAt,
      slug: 'later',
    });
    const bad = await json(
      t.app,
      'PUT',
      `/api/admin/blogs/${draft.body.id}`,
      { image_url: 'ftp://x' },
      { authorization: admin },
    );
    expect(bad.status).toBe(400);
    const taken = await json(
      t.app,
      'PUT',
      `/api/admin/blogs/${draft.body.id}`,
      { slug: 'newest' },
      { authorization: admin },
    );
    expect(taken.status).toBe(409);
    const actions = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', draft.body.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['blog.create', 'blog.update', 'blog.update']);
  });

  it('audits what an edit changed, not every field the console sent back', async () => {
    const created = await create(post({ slug: 'audit-fields', title: 'Before' }));
    expect(created.status).toBe(201);
    const record = (
      await json(t.app, 'GET', `/api/admin/blogs/${created.body.id}`, undefined, { authorization: admin })
    ).body as Record<string, unknown>;
    // The whole post as react-admin sends it, with only the title edited.
    const put = await json(
      t.app,
      'PUT',
      `/api/admin/blogs/${created.body.id}`,
      { ...record, title: 'After' },
      { authorization: admin },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const entry = await t.deps.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('target_id', '=', created.body.id)
      .where('action', '=', 'blog.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!)).toMatchObject({ changed: ['title'], status: 'published' });
  });

  it('serves the console list with simple-rest sorting, paging, filters and Content-Range', async () => {
    const res = await json(
      t.app,
      'GET',
      '/api/admin/blogs?sort=["title","ASC"]&range=[0,1]&filter={"status":"published"}',
      undefined,
      { authorization: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.every((p: { status: string }) => p.status === 'published')).toBe(true);
    expect(res.body[0].title <= res.body[1].title).toBe(true);
    expect(res.headers.get('content-range')).toMatch(/^blogs 0-1\/\d+$/);
    const drafts = await json(t.app, 'GET', '/api/admin/blogs?filter={"status":"draft"}', undefined, {
      authorization: admin,
    });
    expect(drafts.body.map((p: { slug: string }) => p.slug)).toEqual(['a-draft']);
    const search = await json(
      t.app,
      'GET',
      `/api/admin/blogs?filter=${encodeURIComponent('{"q":"NEWEST"}')}`,
      undefined,
      { authorization: admin },
    );
    expect(search.body.map((p: { slug: string }) => p.slug)).toEqual(['newest']);
    const ids = await json(
      t.app,
      'GET',
      `/api/admin/blogs?filter=${encodeURIComponent(JSON.stringify({ id: [drafts.body[0].id] }))}`,
      undefined,
      { authorization: admin },
    );
    expect(ids.body).toHaveLength(1);
    const one = await json(t.app, 'GET', `/api/admin/blogs/${drafts.body[0].id}`, undefined, {
      authorization: admin,
    });
    expect(one.body.status).toBe('draft');
    expect(
      (
        await json(t.app, 'GET', '/api/admin/blogs?sort=["content","ASC"]', undefined, {
          authorization: admin,
        })
      ).status,
    ).toBe(400);
  });

  it('deletes a post (audited) and then answers 404', async () => {
    const created = await create(post({ slug: 'to-delete' }));
    const del = await json(t.app, 'DELETE', `/api/admin/blogs/${created.body.id}`, undefined, {
      authorization: admin,
    });
    expect(del.status).toBe(200);
    expect(del.body.slug).toBe('to-delete');
    expect((await json(t.app, 'GET', '/api/public/blogs/to-delete')).status).toBe(404);
    expect(
      (
        await json(t.app, 'DELETE', `/api/admin/blogs/${created.body.id}`, undefined, {
          authorization: admin,
        })
      ).status,
    ).toBe(404);
    const actions = await t.deps.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', created.body.id)
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['blog.create', 'blog.delete']);
  });

  it('lists /, /blog and each published post in sitemap.xml, and no drafts', async () => {
    const res = await t.app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<loc>http://127.0.0.1:8787/</loc>');
    expect(xml).toContain('<loc>http://127.0.0.1:8787/blog</loc>');
    expect(xml).toContain('<loc>http://127.0.0.1:8787/blog/newest</loc>');
    expect(xml).toContain('<loc>http://127.0.0.1:8787/blog/getting-paid-faster</loc>');
    expect(xml).not.toContain('a-draft');
  });

  it('serves robots.txt naming the sitemap by its absolute URL and keeping crawlers out of the console', async () => {
    const res = await t.app.request('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Sitemap: http://127.0.0.1:8787/sitemap.xml');
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });

  it('documents the blog routes in the OpenAPI document', async () => {
    const doc = await json(t.app, 'GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/public/blogs',
        '/api/public/blogs/{slug}',
        '/api/admin/blogs',
        '/api/admin/blogs/{id}',
        '/sitemap.xml',
      ]),
    );
  });

  it('the demo seed adds one published post, once', async () => {
    const lines = await runDemoSeed(t.deps, [blogSeedStep]);
    expect(lines).toEqual([`Blog: http://127.0.0.1:8787/blog/${DEMO_POST_SLUG}`]);
    expect(await runDemoSeed(t.deps, [blogSeedStep])).toEqual([]);
    const res = await json(t.app, 'GET', `/api/public/blogs/${DEMO_POST_SLUG}`);
    expect(res.status).toBe(200);
    expect(res.body.content).toContain('3,217');
    expect(res.body.tags).toEqual(['cash flow', 'construction', 'xero']);
  });
});

describe.skipIf(skip)(`blog post page meta (${testDialect})`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blog-shell-'));
    mkdirSync(join(dir, 'site'));
    writeFileSync(
      join(dir, 'site', 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Generic" />\n<title>Generic</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ env: { STATIC_DIR: dir } });
    const admin = await createUser(t, 'admin');
    const res = await json(
      t.app,
      'POST',
      '/api/admin/blogs',
      post({
        slug: 'meta',
        title: 'Paid <fast> & "easy"',
        summary: 'Short summary.',
        image_url: 'https://img.example/a.png',
      }),
      { authorization: admin },
    );
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the site shell with the post title, description and Open Graph tags, escaped', async () => {
    const res = await t.app.request('/blog/meta');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Paid &lt;fast&gt; &amp; &quot;easy&quot; | InvoicePay</title>');
    expect(html).not.toContain('Generic');
    expect(html).toContain('<meta name="description" content="Short summary." />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:url" content="http://127.0.0.1:8787/blog/meta" />');
    expect(html).toContain('<meta property="og:image" content="https://img.example/a.png" />');
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:8787/blog/meta" />');
    expect(html).toContain('<div id="root"></div>');
  });

  it('answers 404 with the plain shell for a missing post, so the page can say so', async () => {
    const res = await t.app.request('/blog/nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>Generic</title>');
  });
});
