/**
 * `GET /l/{code}`: a pay link's short form (for SMS, QR codes, emails) redirects to its signed
 * hosted URL; the pay page then says whether it is still payable (expired and canceled links are
 * refused there, with the merchant to ask). An unknown code is the site's 404 page. A page, not an
 * API operation: it is not in the OpenAPI document.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { findPayLinkByShortCode } from './repository.ts';
import { payLinkUrls } from './service.ts';

const CODE = /^[A-Za-z0-9]{10}$/;

export const shortLinkRoutes = new Hono<AppEnv>().get('/l/:code', async (c) => {
  const code = c.req.param('code');
  if (!CODE.test(code)) return c.notFound();
  const deps = c.get('deps');
  const link = await findPayLinkByShortCode(deps.database.db, code);
  if (!link) return c.notFound();
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(payLinkUrls(deps, link).url, 302);
});
