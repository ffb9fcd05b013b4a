/** The merchant form's rules (spec §5), checked before the server (which enforces the same); messages are i18n keys. */
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
}

export type MerchantFormErrors = Partial<Record<keyof MerchantFormValues, string>>;

export function validateMerchant(v: MerchantFormValues): MerchantFormErrors {
  const errors: MerchantFormErrors = {};
  if (!v.business_name.trim()) errors.business_name = 'console.merchants.validation.business_name';
  if (!v.name.trim()) errors.name = 'console.merchants.validation.name';
  if (!v.email.trim()) errors.email = 'console.merchants.validation.email_required';
  else if (!EMAIL_PATTERN.test(v.email.trim())) errors.email = 'console.merchants.validation.email_invalid';
  if (v.time_zone.trim() && !isTimeZone(v.time_zone.trim()))
    errors.time_zone = 'console.merchants.validation.time_zone';
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
