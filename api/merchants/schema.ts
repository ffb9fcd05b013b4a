/**
 * Merchant request/response schemas (the console's simple-rest resource). The API object exposes
 * `surcharge_percentage` (from basis points), the resolved `stripe_account_id`, the `shortcode` and
 * the accounting `payment_url`; secrets such as `webhook_secret` never leave the server.
 */
import { FIELD_MESSAGES } from '../../core/messages.ts';
import { z } from '@hono/zod-openapi';
import { brandColorProblem, contrastRatio, isHttpsUrl, MIN_BRAND_CONTRAST } from '../../core/brand.ts';
import { EMAIL_PATTERN } from '../../core/email.ts';
import { isTimeZone } from '../../core/local-date.ts';
import { bankDebitInputFields, bankDebitOutputFields } from './bank-debit.ts';
import { SurchargePercentageInput, SurchargeRulesInput, SurchargeRuleOutput } from './surcharge.ts';

const EMAIL = EMAIL_PATTERN;

/** A merchant's status (spec §8: active, pending; anything else is shown red): only these are stored. */
export const MERCHANT_STATUSES = ['active', 'pending', 'inactive'] as const;

/** Blank or null clears the field; absent (undefined) leaves it as it is (an update sends only changes). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max);

const email = z
  .string({ error: FIELD_MESSAGES.emailRequired })
  .trim()
  .min(1, FIELD_MESSAGES.emailRequired)
  .max(254)
  .regex(EMAIL, FIELD_MESSAGES.emailInvalid);

export const LOGO_URL_MESSAGE = 'The logo must be an https:// URL (at most 2000 characters).';
export const BRAND_COLOR_FORMAT_MESSAGE = 'The brand colour must be a hex colour such as #0f5132.';
export const brandContrastMessage = (ratio: number) =>
  `The brand colour is too light: white text on it has a contrast of ${ratio.toFixed(1)}:1, below the ${MIN_BRAND_CONTRAST}:1 customers need to read it. Choose a darker shade.`;

/** Hosted pay page branding (core/brand.ts): null clears it. */
const branding = {
  logo_url: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null))
    .refine((v) => !v || isHttpsUrl(v), LOGO_URL_MESSAGE)
    .openapi({
      type: 'string',
      description: "The merchant's logo on the hosted pay page: an https URL",
      example: 'https://supplier.example/logo.png',
    }),
  brand_color: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null))
    .superRefine((v, ctx) => {
      const problem = v ? brandColorProblem(v) : null;
      if (problem === 'format') ctx.addIssue({ code: 'custom', message: BRAND_COLOR_FORMAT_MESSAGE });
      if (problem === 'contrast')
        ctx.addIssue({ code: 'custom', message: brandContrastMessage(contrastRatio(v!, '#ffffff')) });
    })
    .openapi({
      type: 'string',
      description: 'The accent of the hosted pay page (#rrggbb, at least 4.5:1 against white)',
      example: '#0f5132',
    }),
};

const common = {
  ...branding,
  phone: optionalText(40),
  description: optionalText(2000),
  status: z
    .enum(MERCHANT_STATUSES, { error: `Status must be one of: ${MERCHANT_STATUSES.join(', ')}` })
    .optional(),
  surcharge_enabled: z.boolean().optional(),
  invoice_details_on_links: z.boolean().optional(),
  staff_refund_limit: z
    .number({ error: 'The staff refund limit must be a whole number of cents' })
    .int('The staff refund limit must be a whole number of cents')
    .min(0, 'The staff refund limit cannot be negative')
    .max(99_999_999_999, 'The staff refund limit is too large')
    .nullish()
    .openapi({
      description:
        'The most staff may refund of one payment in total (minor units of the payment’s currency); 0: staff cannot refund (a new merchant’s default); null: any amount',
    }),
  surcharge_percentage: SurchargePercentageInput.optional().openapi({ type: 'number', example: 2.95 }),
  surcharge_rules: SurchargeRulesInput.nullish(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
    .transform((v) => v.toUpperCase())
    .optional(),
  // Accounting dates are the merchant's local date in this zone (DESIGN §7).
  time_zone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Time zone must be an IANA name such as Australia/Sydney')
    .nullish()
    .openapi({ example: 'Australia/Sydney' }),
  // AU BECS Direct Debit (api/merchants/bank-debit.ts).
  ...bankDebitInputFields,
};

export const MerchantCreateBody = z
  .object({
    business_name: requiredText('Business name is required'),
    name: requiredText('Contact name is required'),
    email,
    ...common,
    /** Admins: invite this address as the merchant's first owner (issue 32). */
    owner_email: z
      .string()
      .trim()
      .max(254)
      .regex(EMAIL, 'Owner email must be a valid email address')
      .optional()
      .openapi({ description: "Admins only: invite this address as the merchant's first owner" }),
  })
  .openapi('MerchantCreate');

export const MerchantUpdateBody = z
  .object({
    business_name: requiredText('Business name is required').optional(),
    name: requiredText('Contact name is required').optional(),
    email: email.optional(),
    ...common,
    // The automation webhook is set only through PUT /api/admin/merchants/{id}/webhook, which checks
    // the URL against SSRF; here those fields are refused like any other unknown field.
  })
  .openapi('MerchantUpdate');

export type MerchantCreateInput = z.infer<typeof MerchantCreateBody>;
export type MerchantUpdateInput = z.infer<typeof MerchantUpdateBody>;

export const MerchantSchema = z
  .object({
    id: z.string(),
    shortcode: z.string(),
    business_name: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    description: z.string().nullable(),
    status: z.string(),
    status_reason: z
      .string()
      .nullable()
      .openapi({ description: "The operator's reason for the status (a suspension's)" }),
    status_changed_at: z
      .string()
      .nullable()
      .openapi({ description: 'When the operator last approved or suspended it' }),
    country: z.string(),
    time_zone: z.string(),
    logo_url: z.string().nullable(),
    brand_color: z.string().nullable(),
    invoice_details_on_links: z.boolean().openapi({
      description:
        "Ordinary pay links show the invoice's lines, dates and PDF from the connected tool when the link's amount matches it (signed pay links always do)",
    }),
    staff_refund_limit: z.number().int().nullable(),
    surcharge_enabled: z.boolean(),
    surcharge_percentage: z.number(),
    surcharge_rules: z.array(SurchargeRuleOutput),
    ...bankDebitOutputFields,
    xero_payment_url: z.string().nullable(),
    payment_url: z.string(),
    stripe_account_id: z.string().nullable(),
    stripe_connect_id: z.string().nullable(),
    stripe_onboarding_complete: z.boolean(),
    stripe_charges_enabled: z.boolean(),
    stripe_connect_status: z.string().nullable(),
    // The spec's free-form merchant metadata (§3): a JSON object of the merchant's own keys, by nature a record.
    metadata: z.record(z.string(), z.unknown()),
    make_webhook_url: z.string().nullable(),
    make_scenario_id: z.string().nullable(),
    xero_integration_status: z.string(),
    created_at: z.string(),
    last_updated: z.string(),
  })
  .openapi('Merchant');
