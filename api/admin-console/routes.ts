/**
 * Endpoints only the admin console needs: `GET /api/admin/stats` (dashboard figures and the 30-day
 * series), `GET /api/admin/invoices[/{id}]` (simple-rest, balances, the overpaid flag and Needs
 * attention; the invoice page and its actions are api/invoices/admin-routes.ts) and
 * `GET /api/admin/diagnostics` (and the redirects of the spec's `/debug`, `/test/supabase` to it),
 * `POST /api/admin/tools/reconcile` (the provider's intents against the ledger: api/payments/reconcile.ts).
 * Admin-only through the app-wide `/api/admin/*` guard.
 */
import { readFileSync } from 'node:fs';
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import { authorizeMerchant, merchantScope } from '../auth/access.ts';
import { projectPath } from '../project-path.ts';
import { bearerSecurity as security, IdParam, jsonContent as jsonOf } from '../http/openapi.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { ListQueryParams, listPage, listResponse, inMerchants } from '../http/simple-rest.ts';
import { diagnostics } from './diagnostics.ts';
import { INVOICE_NOT_FOUND, invoiceList, invoicesWithMerchant, toApiInvoice } from './invoices.ts';
import { dashboardStats } from './stats.ts';
import { merchantsZone } from '../merchants/time-zone.ts';
import { setupState, SETUP_STEPS } from './setup.ts';
import { ADMIN_MERCHANT_NOT_FOUND } from '../merchants/service.ts';
import { reconcile } from '../payments/reconcile.ts';
import { audit } from '../audit/service.ts';
import { actorOf } from '../audit/actor.ts';

const ReconcileReportSchema = z
  .object({
    since: z.string(),
    accounts: z.number().int(),
    intents: z.number().int(),
    findings: z.array(
      z.object({
        problem: z.enum(['missing', 'status', 'amount']),
        intentId: z.string(),
        accountId: z.string(),
        providerStatus: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        created: z.string(),
        paymentId: z.string().nullable(),
        invoiceNumber: z.string().nullable(),
        ledger: z
          .object({ paymentId: z.string(), status: z.string(), totalAmount: z.number().int() })
          .nullable(),
        recorded: z.boolean(),
      }),
    ),
  })
  .openapi('ReconcileReport');

const VERSION: string = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')).version;

const tags = ['admin'];

const CurrencyAmount = z.object({ currency: z.string(), amount: z.number().int() });

const StatsSchema = z
  .object({
    total_merchants: z.number().int(),
    active_merchants: z
      .number()
      .int()
      .openapi({ description: 'Merchants the operator approved (status active), not suspended' }),
    awaiting_review: z
      .number()
      .int()
      .openapi({ description: 'Merchants awaiting the operator’s review (pending)' }),
    suspended_merchants: z.number().int().openapi({ description: 'Merchants suspended (inactive)' }),
    stripe_connected: z
      .number()
      .int()
      .openapi({ description: 'Merchants whose Stripe onboarding is complete' }),
    onboarded_percentage: z
      .number()
      .openapi({ description: 'Share of merchants whose Stripe onboarding is complete, 0–100' }),
    total_payments: z.number().int(),
    platform_revenue: z.array(CurrencyAmount),
    payment_volume: z.array(CurrencyAmount),
    platform_fee_bps: z.number().int(),
    clearing: z.array(CurrencyAmount).openapi({
      description: 'Bank debits submitted and still clearing (processing), total per currency',
    }),
    series: z.array(
      z.object({
        date: z.string(),
        payments: z.number().int(),
        revenue: z.array(CurrencyAmount),
        volume: z.array(CurrencyAmount).openapi({ description: 'Net amount paid that day, per currency' }),
      }),
    ),
    series_from: z.string(),
    series_to: z.string(),
    time_zone: z.string().openapi({ description: 'The IANA zone the series counts days in' }),
  })
  .openapi('AdminStats');

const InvoiceSchema = z
  .object({
    id: z.string(),
    merchant_id: z.string(),
    merchant_name: z.string().nullable(),
    invoice_number: z.string(),
    currency: z.string(),
    paid_amount: z.number().int(),
    reserved_amount: z.number().int(),
    written_back_amount: z.number().int(),
    written_off_amount: z.number().int(),
    credible_limit: z.number().int().nullable(),
    balance: z.number().int().nullable(),
    overpaid: z.boolean(),
    overpaid_amount: z.number().int(),
    attention: z.enum(['overpaid', 'capped', 'below_minimum']).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('AdminInvoice');

const DiagnosticsSchema = z
  .object({
    database: z.object({
      connected: z.boolean(),
      latency_ms: z.number().nullable(),
      error: z.string().nullable(),
      dialect: z.enum(['sqlite', 'postgres']),
    }),
    payments_provider: z.enum(['sandbox', 'stripe']),
    version: z.string(),
    node_version: z.string(),
    product_name: z.string(),
    public_base_url: z.string(),
    user: z.object({ id: z.string(), email: z.string(), role: z.string(), is_admin: z.boolean() }).nullable(),
    merchants: z.array(
      z.object({
        id: z.string(),
        business_name: z.string(),
        name: z.string(),
        email: z.string(),
        status: z.string(),
        surcharge_percentage: z.number(),
        surcharge_enabled: z.boolean(),
      }),
    ),
    checked_at: z.string(),
  })
  .openapi('AdminDiagnostics');

const SetupSchema = z
  .object({
    steps: z.array(
      z.object({
        key: z.enum(SETUP_STEPS),
        done: z.boolean(),
      }),
    ),
    complete: z.boolean(),
  })
  .openapi('MerchantSetup');

export const adminConsoleRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/merchants/{id}/setup',
      tags,
      security,
      'x-access': 'merchant.read',
      summary: "The merchant's setup checklist, each step ticked from the real state",
      description:
        'Steps, in order: `stripe` (onboarding complete), `surcharge` (chosen, not the silent default), `share` (a pay ' +
        'link made or a payment received), `accounting` (Xero or QuickBooks connected, or the automation webhook set), ' +
        '`team` (another member, or an open invitation).',
      request: { params: IdParam },
      responses: { 200: jsonOf(SetupSchema, 'The checklist'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { database, clock } = c.get('deps');
      const { id } = c.req.valid('param');
      authorizeMerchant(c, 'merchant.read', id, ADMIN_MERCHANT_NOT_FOUND);
      const state = await setupState(database.db, id, clock.now().toISOString());
      if (!state) throw new AppError('not_found', ADMIN_MERCHANT_NOT_FOUND);
      c.header('Cache-Control', 'no-store');
      return c.json(state, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/stats',
      tags,
      security,
      'x-access': 'payments.read',
      summary: 'Dashboard figures: merchants, payments, platform revenue and the last 30 days',
      description:
        'Payments and revenue count `succeeded` and `partially_refunded` payments; revenue is the platform fee net of ' +
        'the fee returned by refunds, in minor units per currency. The series is by day of success. A merchant ' +
        "member's figures cover their merchants (those whose payments their role may read); `merchant_id` narrows " +
        'them to one (404 when it is not theirs). The series counts days in `time_zone`: the merchants’ own when they ' +
        'share one, else DEFAULT_TIME_ZONE.',
      request: {
        query: z.object({
          merchant_id: z.string().max(100).optional().openapi({ description: 'One merchant’s figures' }),
        }),
      },
      responses: { 200: jsonOf(StatsSchema, 'The figures'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const { database, clock, config } = c.get('deps');
      c.header('Cache-Control', 'no-store');
      const one = c.req.valid('query').merchant_id;
      if (one) authorizeMerchant(c, 'payments.read', one, ADMIN_MERCHANT_NOT_FOUND);
      const scope = one ? [one] : merchantScope(c, 'payments.read');
      const zone = await merchantsZone(database.db, scope, config.defaultTimeZone);
      return c.json(await dashboardStats(database.db, clock.now(), config.platformFeeBps, scope, zone), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/invoices',
      tags,
      security,
      'x-access': 'payments.read',
      summary: 'List invoices with balances, the overpaid flag and why they need attention (simple-rest)',
      description:
        'Filters: `q`, `merchant_id`, `invoice_number`, `currency`, `overpaid`, `needs_attention` (true: overpaid, a ' +
        'remainder below the card minimum, or a link capped by another observation), `attention`.',
      request: { query: ListQueryParams },
      responses: {
        200: listResponse(InvoiceSchema, 'A page of invoices'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const { database } = c.get('deps');
      const scope = merchantScope(c, 'payments.read');
      const base = invoicesWithMerchant(database.db);
      const rows = await listPage(c, invoiceList, inMerchants(base, 'invoices.merchant_id', scope));
      return c.json(rows.map(toApiInvoice), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/invoices/{id}',
      tags,
      security,
      'x-access': 'payments.read',
      summary: 'One invoice with its balance',
      request: { params: IdParam },
      responses: { 200: jsonOf(InvoiceSchema, 'The invoice'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { database } = c.get('deps');
      const row = await invoicesWithMerchant(database.db)
        .where('invoices.id', '=', c.req.valid('param').id)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', INVOICE_NOT_FOUND);
      authorizeMerchant(c, 'payments.read', row.merchant_id, INVOICE_NOT_FOUND);
      return c.json(toApiInvoice(row), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/diagnostics',
      tags,
      security,
      summary: 'Database status and dialect, payments mode, version, signed-in user, five newest merchants',
      responses: { 200: jsonOf(DiagnosticsSchema, 'Diagnostics'), ...errorResponses(401, 403) },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await diagnostics(c.get('deps'), c.get('user'), VERSION), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/tools/reconcile',
      tags,
      security,
      summary:
        "The provider's intents since a date against the ledger (after a restore); `record` applies missing outcomes",
      description:
        'Lists, per connected account, every intent the provider charged that the ledger lacks (`missing`), whose ' +
        "outcome the ledger lacks (`status`; with `record: true` the provider's word is applied as its webhook would " +
        'be), or whose amount differs (`amount`). The same as `npm run reconcile`. Admins only.',
      request: {
        body: {
          content: {
            'application/json': {
              schema: z.object({
                since: z.iso
                  .datetime({ offset: true, message: 'since must be an ISO date and time' })
                  .or(z.iso.date()),
                record: z.boolean().optional(),
              }),
            },
          },
        },
      },
      responses: { 200: jsonOf(ReconcileReportSchema, 'What differs'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { since, record } = c.req.valid('json');
      const report = await reconcile(deps, new Date(since), { record });
      if (record) {
        const actor = actorOf(c);
        await audit(
          deps.database.db,
          {
            actor: actor.user,
            action: 'payments.reconcile',
            details: {
              since: report.since,
              recorded: report.findings.filter((f) => f.recorded).map((f) => f.intentId),
            },
            ip: actor.ip,
          },
          deps.clock,
        );
      }
      return c.json(report, 200);
    },
  );

/** The spec's public diagnostic pages, at the site's root: admin-only console pages here (DESIGN §4b). */
export const diagnosticPageRoutes = createRouter()
  .get('/debug', (c) => c.redirect('/admin/diagnostics', 302))
  .get('/test/supabase', (c) => c.redirect('/admin/diagnostics', 302));
