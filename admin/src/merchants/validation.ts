/** The merchant form's rules (spec §5), checked before the server (which enforces the same); messages are i18n keys. */
import { brandColorProblem, isHttpsUrl } from '../../../core/brand.ts';
import { isTimeZone } from '../../../core/local-date.ts';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface MerchantFormValues {
  business_name: string;
  name: string;
  email: string;
  phone: string;
  description: string;
  /** IANA time zone; blank: the server's default. */
  time_zone: string;
  /** The hosted pay page's logo (https) and brand colour (#rrggbb); blank: none. */
  logo_url: string;
  brand_color: string;
  /** Add Merchant only: the first owner, invited by email (blank: none yet). */
  owner_email: string;
}

export type MerchantFormErrors = Partial<Record<keyof MerchantFormValues, string>>;

export function validateMerchant(v: MerchantFormValues): MerchantFormErrors {
  const errors: MerchantFormErrors = {};
  if (!v.business_name.trim()) errors.business_name = 'console.merchants.validation.business_name';
  if (!v.name.trim()) errors.name = 'console.merchants.validation.name';
  if (!v.email.trim()) errors.email = 'console.merchants.validation.email_required';
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = 'console.merchants.validation.email_invalid';
  if (v.owner_email.trim() && !EMAIL_PATTERN.test(v.owner_email.trim()))
    errors.owner_email = 'console.merchants.validation.owner_email_invalid';
  if (v.time_zone.trim() && !isTimeZone(v.time_zone.trim()))
    errors.time_zone = 'console.merchants.validation.time_zone';
  if (v.logo_url.trim() && !isHttpsUrl(v.logo_url.trim())) errors.logo_url = 'console.branding.logo_invalid';
  const colour = v.brand_color.trim() ? brandColorProblem(v.brand_color.trim()) : null;
  if (colour === 'format') errors.brand_color = 'console.branding.color_invalid';
  // Too light for white text: the server's message names the contrast; here the rule.
  if (colour === 'contrast') errors.brand_color = 'console.branding.color_too_light';
  return errors;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}
