/** Display formats (dates in the reader's locale, issue 50 item 6; money en-US currency format) and status colours (spec §4). */
import { formatMoney } from '../../../core/money.ts';

export function money(minor: number | null | undefined, currency: string | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '—';
  return formatMoney(minor, (currency || 'AUD').toUpperCase());
}

/**
 * A date in the reader's language (the browser's locale: 8/12/2026 to an en-AU reader, 12/8/2026 to
 * en-US), on the day it was in `timeZone` when given — a payment's own merchant's, so the list shows
 * the day its date filter finds it under (issue 50 item 6) — else the browser's.
 */
export function shortDate(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(undefined, zoned(timeZone));
}

/**
 * A calendar day (`YYYY-MM-DD`, as the dashboard counts them in the merchant's zone) in the
 * reader's language, as it is (no zone shift): 08/12/2026 to an en-AU reader. `short`: day and
 * month only (8 Dec).
 */
export function shortDay(day: string, short = false): string {
  const d = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  const options: Intl.DateTimeFormatOptions = short ? { day: 'numeric', month: 'short' } : {};
  return d.toLocaleDateString(undefined, { ...options, timeZone: 'UTC' });
}

/** A date and time in the reader's language, in `timeZone` when given (else the browser's). */
export function dateTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString(undefined, zoned(timeZone));
}

/** The zone option, when the zone is one this browser knows. */
function zoned(timeZone: string | null | undefined): Intl.DateTimeFormatOptions {
  if (!timeZone) return {};
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return { timeZone };
  } catch {
    return {};
  }
}

export type Tone = 'success' | 'warning' | 'error' | 'default';

/** Payment status (spec §4): succeeded or completed green; pending yellow; failed red; others grey. */
export function paymentTone(status: string | null | undefined): Tone {
  if (status === 'succeeded' || status === 'completed') return 'success';
  if (status === 'pending' || !status) return 'warning';
  if (status === 'failed') return 'error';
  return 'default';
}

/** The dashboard's recent payments: anything other than completed/succeeded is yellow (spec §4). */
export function dashboardTone(status: string | null | undefined): Tone {
  return status === 'succeeded' || status === 'completed' ? 'success' : 'warning';
}

/** Accounting sync status (spec §4): synced, pending, failed, other. */
export function syncTone(status: string | null | undefined): Tone {
  if (status === 'synced') return 'success';
  if (status === 'pending') return 'warning';
  if (status === 'failed') return 'error';
  return 'default';
}

/** "completed" is the spec's word for succeeded (DESIGN §3.7); labels read as words. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'pending';
  return (status === 'completed' ? 'succeeded' : status).replace(/_/g, ' ');
}
