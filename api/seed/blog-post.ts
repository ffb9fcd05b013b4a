/**
 * Demo seed step: one published post, so a fresh demo shows a working blog, list and sitemap.
 * Content goes through the same sanitiser as admin saves.
 */
import type { SeedStep } from './step.ts';
import { findBlogBySlug, insertBlog } from '../blog/service.ts';
import { sanitizeBlogHtml } from '../blog/sanitize.ts';

export const DEMO_POST_SLUG = 'get-paid-faster-on-big-invoices';

export const blogSeedStep: SeedStep = {
  name: 'blog-post',
  async run(deps) {
    const db = deps.database.db;
    if (await findBlogBySlug(db, DEMO_POST_SLUG)) return [];
    const now = deps.clock.now().toISOString();
    const product = deps.config.productName;
    await insertBlog(db, {
      id: crypto.randomUUID(),
      title: 'Get paid faster on big invoices: card payments in part',
      slug: DEMO_POST_SLUG,
      summary:
        'Builders’ card limits rarely cover a $50,000 invoice. Letting them pay in part, on several cards, turns 60-90 day terms into money in days.',
      content: sanitizeBlogHtml(`
<p>Trade suppliers carry their customers for 60 to 90 days on account. In 2024 there were more than 3,217 construction insolvencies, and each one left suppliers holding unpaid invoices.</p>
<h2>Why card payments stall on large invoices</h2>
<p>A builder's business card typically has a limit of $10,000 to $25,000, while a single materials invoice can run from $30,000 to well over $100,000. A payment page that asks for the whole amount at once simply fails.</p>
<h2>Pay any amount, on any number of cards</h2>
<p>With ${product}, the payment link on your Xero or QuickBooks invoice lets your customer pay what their card allows today and the rest on another card, or tomorrow. Each payment shows the remaining balance, and the invoice is marked partially paid or paid in your accounting system.</p>
<ul>
<li>No monthly fee, and a 1.25% platform fee per payment.</li>
<li>Standard card fees of 1.7% + $0.30 per domestic card transaction.</li>
<li>An optional 2.95% surcharge you can switch on or off.</li>
<li>Funds typically arrive in about 2 business days.</li>
</ul>
<p>You carry no credit risk: the card issuer pays you, and your customer settles with their bank on their own terms.</p>`),
      author: `The ${product} team`,
      image_url: null,
      tags: JSON.stringify(['cash flow', 'construction', 'xero']),
      status: 'published',
      published_at: now,
      created_at: now,
      updated_at: now,
    });
    return [`Blog: ${deps.config.publicBaseUrl}/blog/${DEMO_POST_SLUG}`];
  },
};
