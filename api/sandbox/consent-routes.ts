/**
 * `/api/sandbox/connect/consent`: the sandbox's stand-in for Stripe's hosted Connect screens — the
 * onboarding link a merchant follows (`?link=`) and the OAuth authorization an existing account
 * grants (`?response_type=code&state&redirect_uri`). Approving or cancelling goes back to the return
 * URL or the redirect URI, as Stripe does. Mounted beside the other sandbox routes (routes.ts), only
 * in sandbox mode.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { createRouter } from '../http/router.ts';
import { consentErrorPage, continuePage, oauthConsentPage, onboardingConsentPage } from './consent-page.ts';
import type { SandboxProvider } from './provider/sandbox-provider.ts';
import { ConsentForm, ConsentQuery } from './schema.ts';

const tags = ['sandbox'];
const sandboxOf = (c: Context<AppEnv>) => c.get('deps').payments as SandboxProvider;
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

/** Back to the return URL: a 303 on this page's own origin, else a page that links there (see continuePage). */
function backFromConsent(c: Context<AppEnv>, target: string, approved: boolean) {
  const own = new URL(c.get('deps').config.publicBaseUrl).origin;
  return new URL(target).origin === own
    ? c.redirect(target, 303)
    : c.html(continuePage(target, approved), 200);
}

export const sandboxConsentRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/connect/consent',
      tags,
      summary:
        "Test-mode stand-in for Stripe's onboarding (?link=) and OAuth (?response_type=code&state&redirect_uri) screens",
      request: { query: ConsentQuery },
      responses: {
        200: html('The consent page'),
        303: { description: 'Link expired or used: back to its refresh_url' },
        400: html('Invalid request'),
        404: html('Unknown link'),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const sandbox = sandboxOf(c);
      const productName = c.get('deps').config.productName;
      if (q.link) {
        const link = await sandbox.viewLink(q.link);
        if (!link) return c.html(consentErrorPage('This onboarding link is invalid.'), 404);
        if (link.state === 'expired') return c.redirect(link.refreshUrl, 303);
        return c.html(
          onboardingConsentPage({
            productName,
            token: q.link,
            accountId: link.accountId,
            businessName: link.businessName,
          }),
          200,
        );
      }
      if (q.response_type !== 'code' || !q.redirect_uri || !sandbox.redirectUriAllowed(q.redirect_uri)) {
        return c.html(
          consentErrorPage(
            'Invalid authorization request: response_type=code and an allowed redirect_uri are required.',
          ),
          400,
        );
      }
      return c.html(
        oauthConsentPage({ productName, state: q.state ?? '', redirectUri: q.redirect_uri }),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/connect/consent',
      tags,
      summary: 'Approve or cancel on the consent page; redirects back to the return URL or redirect_uri',
      request: {
        body: { content: { 'application/x-www-form-urlencoded': { schema: ConsentForm } }, required: true },
      },
      responses: {
        303: { description: 'Back to the return URL (onboarding) or redirect_uri?code&state (OAuth)' },
        200: html('The same, on another origin than this page: a page that links (and refreshes) there'),
        400: html('Invalid request'),
        404: html('Unknown link'),
      },
    }),
    async (c) => {
      const form = c.req.valid('form');
      const sandbox = sandboxOf(c);
      const approve = form.decision === 'approve';
      if (form.link) {
        const target = await sandbox.decideLink(form.link, approve);
        if (!target) return c.html(consentErrorPage('This onboarding link is invalid.'), 404);
        return backFromConsent(c, target, approve);
      }
      if (!form.redirect_uri || !sandbox.redirectUriAllowed(form.redirect_uri)) {
        return c.html(
          consentErrorPage('Invalid authorization request: an allowed redirect_uri is required.'),
          400,
        );
      }
      const target = await sandbox.decideOAuth({
        redirectUri: form.redirect_uri,
        state: form.state ?? '',
        approve,
        businessName: null,
      });
      return backFromConsent(c, target, approve);
    },
  );
