/**
 * The blog in Chromium against the real server: the list and the post with the spec's texts, the
 * display rewriting, share links and meta tags, 'Blog post not found', the empty state, and hostile
 * HTML (both as saved through the admin API and planted raw in the database) rendering inert.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { adminBearer, installXssTrap, openServerDb, xssFired } from './support/site.ts';

const XSS_CONTENT =
  '<h2>Heading</h2><p></p><p>Safe paragraph</p><script>window.__xss="script"</script>' +
  '<img src="/nope.png" onerror="window.__xss=\'onerror\'">' +
  '<a href="javascript:window.__xss=\'js-link\'">js link</a>' +
  '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>' +
  '<p onmouseover="window.__xss=\'hover\'">hover me</p><svg onload="alert(1)"></svg>' +
  '<p>Last paragraph left open';

describe('public blog', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: string;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await adminBearer(server);
    const create = async (body: Record<string, unknown>) => {
      const res = await fetch(`${server.baseUrl}/api/admin/blogs`, {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
    };
    await create({
      title: 'Cash flow for suppliers',
      slug: 'cash-flow',
      summary: 'How partial card payments shorten payment cycles.',
      author: 'Casey Writer',
      image_url: `${server.baseUrl}/favicon.svg`,
      tags: 'cash flow, cards',
      content: XSS_CONTENT,
    });
    await create({
      title: 'A moved picture',
      slug: 'moved-picture',
      image_url: `${server.baseUrl}/images/no-such-picture.jpg`,
      content: '<p>The image URL no longer answers.</p>',
    });
    await create({ title: 'Secret draft', slug: 'secret-draft', content: '<p>draft</p>', status: 'draft' });
    // A row the API would have cleaned, planted raw: only the browser's own sanitiser stands in the way.
    const db = openServerDb(server);
    const now = new Date(Date.now() + 1000).toISOString();
    db.prepare(
      `insert into blogs (id, title, slug, summary, content, author, image_url, tags, status, published_at, created_at, updated_at)
       values (?, ?, 'raw-xss', ?, ?, 'Mallory', null, '["raw"]', 'published', ?, ?, ?)`,
    ).run(
      crypto.randomUUID(),
      'Raw <img src=x onerror=alert(1)> title',
      '<b onmouseover=alert(1)>summary</b>',
      XSS_CONTENT,
      now,
      now,
      now,
    );
    db.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string): Promise<{ page: Page; fired: string[]; errors: string[] }> {
    const page = await browser.newPage();
    const fired = await installXssTrap(page);
    const errors = watchErrors(page);
    await page.goto(`${server.baseUrl}${path}`);
    return { page, fired, errors };
  }

  it('lists published posts newest first with image, tags, title, author, date, summary and Read More', async () => {
    const { page, fired } = await open('/blog');
    await page.getByRole('heading', { name: 'Raw <img src=x onerror=alert(1)> title' }).waitFor();
    const titles = await page.locator('.blog-card__title').allTextContents();
    expect(titles[0]).toBe('Raw <img src=x onerror=alert(1)> title');
    expect(titles).toContain('Cash flow for suppliers');
    expect(titles).not.toContain('Secret draft');
    const card = page.locator('article', { hasText: 'Cash flow for suppliers' });
    expect(await card.locator('img').getAttribute('src')).toBe(`${server.baseUrl}/favicon.svg`);
    expect(await card.locator('.tag').allTextContents()).toEqual(['cash flow', 'cards']);
    await expect(card.getByText('Casey Writer').isVisible()).resolves.toBe(true);
    const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(),
    );
    await expect(card.getByText(today).isVisible()).resolves.toBe(true);
    await expect(
      card.getByText('How partial card payments shorten payment cycles.').isVisible(),
    ).resolves.toBe(true);
    expect(await card.getByRole('link', { name: /Read More/ }).getAttribute('href')).toBe('/blog/cash-flow');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/#features');
    expect(await header.getByRole('link', { name: 'How It Works' }).getAttribute('href')).toBe(
      '/#how-it-works',
    );
    expect(await header.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/#pricing');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await page.title()).toBe('Blog | InvoicePay');
    // The raw summary is shown as text, not markup.
    expect(await page.locator('article', { hasText: 'Mallory' }).locator('b').count()).toBe(0);
    expect(await xssFired(page, fired)).toEqual([]);
    await card.getByRole('link', { name: /Read More/ }).click();
    await page.waitForURL(/\/blog\/cash-flow$/);
    await page.getByRole('heading', { level: 1, name: 'Cash flow for suppliers' }).waitFor();
    await page.close();
  });

  it('shows a post with its header, tags, By author, long US date, summary quote, rewritten content and share links', async () => {
    const { page, fired, errors } = await open('/blog/cash-flow');
    await page.getByRole('heading', { level: 1, name: 'Cash flow for suppliers' }).waitFor();
    await expect(page.getByText('By Casey Writer').isVisible()).resolves.toBe(true);
    const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(),
    );
    await expect(page.locator('article time').textContent()).resolves.toBe(today);
    expect(await page.locator('article .tag').allTextContents()).toEqual(['cash flow', 'cards']);
    await expect(page.locator('blockquote').textContent()).resolves.toBe(
      'How partial card payments shorten payment cycles.',
    );
    expect(await page.locator('article img').first().getAttribute('src')).toBe(
      `${server.baseUrl}/favicon.svg`,
    );
    expect(await page.getByRole('link', { name: /Back to Blog/ }).getAttribute('href')).toBe('/blog');
    const header = page.getByRole('banner');
    for (const [name, href] of [
      ['Features', '/#features'],
      ['How It Works', '/#how-it-works'],
      ['Pricing', '/#pricing'],
      ['Blog', '/blog'],
    ]) {
      expect(await header.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await header.getByRole('link', { name: 'Contact' }).getAttribute('href')).toMatch(/^mailto:/);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');

    // Display rewriting: styling classes, the empty paragraph gone, the open last paragraph closed.
    const content = page.locator('.blog-content');
    expect(await content.locator('h2.blog-h2').textContent()).toBe('Heading');
    expect(await content.locator('p.blog-p').allTextContents()).toEqual([
      'Safe paragraph',
      'hover me',
      'Last paragraph left open',
    ]);

    const url = `${server.baseUrl}/blog/cash-flow`;
    const twitter = new URL(
      (await page.getByRole('link', { name: 'Share on Twitter' }).getAttribute('href'))!,
    );
    expect(twitter.searchParams.get('text')).toBe('Cash flow for suppliers');
    expect(twitter.searchParams.get('url')).toBe(url);
    const linkedin = new URL(
      (await page.getByRole('link', { name: 'Share on LinkedIn' }).getAttribute('href'))!,
    );
    expect(linkedin.searchParams.get('title')).toBe('Cash flow for suppliers');
    expect(linkedin.searchParams.get('url')).toBe(url);

    expect(await page.title()).toBe('Cash flow for suppliers | InvoicePay');
    const meta = (sel: string) => page.locator(sel).getAttribute('content');
    expect(await meta('meta[name="description"]')).toBe('How partial card payments shorten payment cycles.');
    expect(await meta('meta[property="og:title"]')).toBe('Cash flow for suppliers | InvoicePay');
    expect(await meta('meta[property="og:type"]')).toBe('article');
    expect(await meta('meta[property="og:url"]')).toBe(url);
    expect(await meta('meta[property="og:image"]')).toBe(`${server.baseUrl}/favicon.svg`);

    expect(await xssFired(page, fired)).toEqual([]);
    expect(errors.filter((e) => !/nope\.png|404/.test(e))).toEqual([]);
    await page.close();
  });

  for (const slug of ['cash-flow', 'raw-xss']) {
    it(`renders hostile HTML inert on /blog/${slug}`, async () => {
      const { page, fired } = await open(`/blog/${slug}`);
      const content = page.locator('.blog-content');
      await content.waitFor();
      expect(await content.locator('script, iframe, svg, object, embed').count()).toBe(0);
      const attrs = await content.evaluate((el) =>
        Array.from(el.querySelectorAll('*')).flatMap((n) =>
          Array.from(n.attributes).map((a) => `${a.name}=${a.value}`),
        ),
      );
      expect(attrs.filter((a) => /^on|javascript:|srcdoc/i.test(a))).toEqual([]);
      await page.getByText('hover me').hover();
      await page.getByText('js link').click();
      await page.waitForTimeout(300);
      expect(await xssFired(page, fired)).toEqual([]);
      expect(page.url()).toBe(`${server.baseUrl}/blog/${slug}`);
      await page.close();
    });
  }

  it('leaves out a featured image whose URL no longer answers (no broken-image icon)', async () => {
    const { page } = await open('/blog');
    const card = page.locator('article', { hasText: 'A moved picture' });
    await card.waitFor();
    await expect.poll(() => card.locator('img').count()).toBe(0);
    await page.goto(`${server.baseUrl}/blog/moved-picture`);
    await page.getByRole('heading', { level: 1, name: 'A moved picture' }).waitFor();
    await expect.poll(() => page.locator('.blog-post__image').count()).toBe(0);
    await page.close();
  });

  it("shows 'Blog post not found' for a missing post and for a draft, with Return to Blog", async () => {
    for (const slug of ['no-such-post', 'secret-draft']) {
      const { page } = await open(`/blog/${slug}`);
      await page.getByRole('heading', { name: 'Blog post not found' }).waitFor();
      await expect(
        page.getByText("The blog post you're looking for doesn't exist or has been removed.").isVisible(),
      ).resolves.toBe(true);
      await page.getByRole('link', { name: 'Return to Blog' }).click();
      await page.waitForURL(/\/blog$/);
      await page.close();
    }
  });

  it('has no serious or critical accessibility violations on /blog and a post', async () => {
    for (const path of ['/blog', '/blog/cash-flow']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).analyze();
      const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    }
  });

  it('serves sitemap.xml and robots.txt from the real server', async () => {
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.baseUrl}/blog/cash-flow</loc>`);
    expect(sitemap).not.toContain('secret-draft');
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });

  it("says 'No blog posts yet. Check back soon!' when nothing is published", async () => {
    const db = openServerDb(server);
    db.prepare(`update blogs set status = 'draft'`).run();
    db.close();
    const { page } = await open('/blog');
    await page.getByText('No blog posts yet. Check back soon!').waitFor();
    await page.close();
  });
});
