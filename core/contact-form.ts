/**
 * The contact form's rules (spec §5), shared by the site's modal and `POST /api/public/prospects`
 * so the browser and the server give the same message for the same input.
 */

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: FIELD_MESSAGES.emailRequired,
  emailInvalid: FIELD_MESSAGES.emailInvalid,
  companyRequired: 'Company name is required',
} as const;

import { EMAIL_PATTERN } from './email.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** Loose on purpose (spec: "loosely matching an address pattern"): something@something.tld (core/email.ts). */
export const CONTACT_EMAIL_PATTERN = EMAIL_PATTERN;

export interface ContactFormInput {
  name: string;
  email: string;
  phone?: string;
  company_name: string;
}

export type ContactField = 'name' | 'email' | 'company_name';
export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * Field errors for a contact submission, in form order; empty when valid.
 *
 * @example
 * validateContactForm({ name: '', email: 'x', company_name: 'Acme' });
 * // { name: 'Name is required', email: 'Email is invalid' }
 */
export function validateContactForm(input: ContactFormInput): ContactErrors {
  const errors: ContactErrors = {};
  if (!input.name.trim()) errors.name = CONTACT_MESSAGES.nameRequired;
  const email = input.email.trim();
  if (!email) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (!CONTACT_EMAIL_PATTERN.test(email)) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!input.company_name.trim()) errors.company_name = CONTACT_MESSAGES.companyRequired;
  return errors;
}
