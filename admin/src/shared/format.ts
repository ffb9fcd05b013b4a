/** Display formats (spec §9: dates en-US short form, money en-US currency format) and status colours (spec §4). */
import { formatMoney } from '../../../core/money.ts';

export function money(minor: number | null | undefined, currency: string | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '—';
  return formatMoney(minor, (currency || 'AUD').toUpperCase());
}

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString('en-US');
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString('en-US');
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
