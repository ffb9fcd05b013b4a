/**
 * The customer's documents (`/api/pay/*`, any origin): the invoice itself — its lines, dates and
 * totals, and the accounting tool's PDF, for a link allowed to show them (api/pay/invoice-details.ts)
 * — and a payment's receipt, for the holder of its receipt link (api/payments/notices/receipt.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { clientIp } from '../audit/client-ip.ts';
import { createRouter, errorResponses } from '../http/router.ts';
import { receiptView } from '../payments/notices/receipt.ts';
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

export const ReceiptSchema = z
  .object({
    merchant: z.object({
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      logoUrl: z.string().nullable(),
      country: z.string().nullable().openapi({ description: "ISO country: the receipt's date format" }),
      timeZone: z.string().nullable().openapi({ description: "IANA zone: the receipt's dates are its" }),
    }),
    invoice: z.string(),
    currency: z.string(),
    amount: z.number().int().openapi({ description: 'Paid on the invoice, minor units' }),
    surcharge: z.number().int(),
    total: z.number().int().openapi({ description: 'Charged, surcharge included' }),
    refunded: z.number().int().openapi({ description: 'Refunded since, surcharge included' }),
    status: z.string().openapi({
      description: 'succeeded, processing (a bank debit clearing), partially_refunded, refunded',
    }),
    method: z.string().openapi({ example: 'Visa credit ending 4242' }),
    mandateReference: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
    clearsBy: z.string().nullable(),
    reference: z.string().openapi({ description: "The provider's reference (pi_…)" }),
  })
  .openapi('Receipt');

invoiceRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/receipts/{id}',
    tags: ['pay'],
    summary: "A payment's receipt (the page /receipt/{id}?t=… shows it)",
    request: {
      params: z.object({
        id: z
          .string()
          .max(100)
          .openapi({ param: { name: 'id', in: 'path' } }),
      }),
      query: z.object({ t: z.string().max(100).openapi({ description: "The receipt link's token" }) }),
    },
    responses: {
      200: { description: 'The receipt', content: { 'application/json': { schema: ReceiptSchema } } },
      ...errorResponses(400, 404),
    },
  }),
  async (c) =>
    c.json(await receiptView(c.get('deps'), c.req.valid('param').id, c.req.valid('query').t), 200, PRIVATE),
);
