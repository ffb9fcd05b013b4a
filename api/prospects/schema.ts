/**
 * Contact-form submission and prospect schemas. The messages are the spec's (§5), shared with the
 * site's modal through `core/contact-form.ts`.
 */
import { z } from '@hono/zod-openapi';
import { CONTACT_EMAIL_PATTERN, CONTACT_MESSAGES } from '../../core/contact-form.ts';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const ProspectSubmissionSchema = z
  .object({
    name: required(CONTACT_MESSAGES.nameRequired, 200),
    email: required(CONTACT_MESSAGES.emailRequired, 254).refine(
      (v) => CONTACT_EMAIL_PATTERN.test(v),
      CONTACT_MESSAGES.emailInvalid,
    ),
    phone: z
      .string()
      .trim()
      .max(40, 'Must be at most 40 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    company_name: required(CONTACT_MESSAGES.companyRequired, 200),
    /**
     * Honeypot: hidden from people (off-screen, aria-hidden, no tab stop), filled in by form bots.
     * A submission that fills it is answered exactly like a real one and dropped.
     */
    website: z.string().max(500).optional().openapi({ description: 'Leave empty' }),
  })
  .openapi('ProspectSubmission');

export type ProspectSubmission = z.infer<typeof ProspectSubmissionSchema>;

export const ProspectReceivedSchema = z.object({ ok: z.literal(true) }).openapi('ProspectReceived');

export const ProspectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    company_name: z.string(),
    source: z.string(),
    status: z.string(),
    created_at: z.string(),
  })
  .openapi('Prospect');

export type ProspectApi = z.infer<typeof ProspectSchema>;

/** What an admin may change on a prospect: how far the sales team has got with it. */
export const PROSPECT_STATUSES = ['new', 'contacted', 'qualified', 'closed'] as const;

export const ProspectUpdateSchema = z
  .object({
    status: z.enum(PROSPECT_STATUSES, { error: `Status must be one of ${PROSPECT_STATUSES.join(', ')}` }),
  })
  .strict()
  .openapi('ProspectUpdate');
