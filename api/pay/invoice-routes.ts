/**
 * The invoice itself for the widget (`/api/pay/invoice`, any origin): its lines, dates and totals,
 * and the accounting tool's PDF, for a link allowed to show them (api/pay/invoice-details.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { clientIp } from '../audit/client-ip.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { invoiceDetails, invoicePdf } from './invoice-details.ts';

const LinkQuerySchema = z.object({
  merchant: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: 'Merchant id (or shortcode), or a signed pay link' }),
  shortcode: z.string().max(200).optional(),
  invoice: z.string().max(500).optional(),
  amount: z.string().max(100).optional().openapi({ description: "The link's amount due as written" }),
  currency: z.string().max(10).optional(),
});

const Line = z.object({
  description: z.string(),
  quantity: z.number().nullable(),
  unitAmount: z.number().int().nullable().openapi({ description: 'Minor units' }),
  amount: z.number().int().openapi({ description: 'Minor units' }),
});

export const InvoiceDetailsSchema = z
  .object({
    number: z.string(),
    currency: z.string(),
    issueDate: z.string().nullable().openapi({ description: 'YYYY-MM-DD' }),
    dueDate: z.string().nullable().openapi({ description: 'YYYY-MM-DD' }),
    reference: z.string().nullable(),
    lines: z.array(Line),
    subtotal: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    amountDue: z.number().int().openapi({ description: 'At the accounting tool, minor units' }),
    source: z.enum(['xero', 'quickbooks']),
    pdfPath: z.string().openapi({ description: "The tool's PDF of the invoice, on this API" }),
  })
  .openapi('InvoiceDetails');

/** Details and PDF name the customer and what they bought: kept out of shared caches. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

export const invoiceRoutes = createRouter();

invoiceRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/invoice',
    tags: ['pay'],
    summary: "The invoice's lines, dates and totals from the merchant's Xero or QuickBooks",
    description:
      'For a signed pay link, or an ordinary link whose amount is the invoice total or amount due when the merchant ' +
      'shows invoice details on links. Anything else answers 404, whether or not the invoice exists.',
    request: { query: LinkQuerySchema },
    responses: {
      200: { description: 'The invoice', content: { 'application/json': { schema: InvoiceDetailsSchema } } },
      ...errorResponses(400, 404, 429, 502),
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const ip = deps.config.rateLimits ? clientIp(c) : null;
    return c.json(await invoiceDetails(deps, c.req.valid('query'), ip), 200, PRIVATE);
  },
);

invoiceRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/invoice/pdf',
    tags: ['pay'],
    summary: "The accounting tool's PDF of the invoice",
    request: { query: LinkQuerySchema },
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...errorResponses(400, 404, 429, 502),
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const ip = deps.config.rateLimits ? clientIp(c) : null;
    const { bytes, filename } = await invoicePdf(deps, c.req.valid('query'), ip);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      ...PRIVATE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    }) as never;
  },
);
