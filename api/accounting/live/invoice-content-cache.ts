/** The shapes of the invoice content lookup (invoice-content.ts) and of its per-app caches (api/app-caches.ts). */
import { cacheKey } from '../../app-caches.ts';
import type { ExternalInvoice, InvoiceContent } from '../connector.ts';

export type ContentLookup =
  | { status: 'ok'; content: InvoiceContent; provider: 'xero' | 'quickbooks'; invoice: ExternalInvoice }
  | { status: 'not_connected' }
  | { status: 'not_found' }
  | { status: 'unavailable'; error: string };

export interface Entry<T> {
  expires: number;
  value: T;
}

/** The app's invoice contents and PDFs (api/app-caches.ts). */
export interface InvoiceContentCaches {
  contents: Map<string, Entry<ContentLookup>>;
  pdfs: Map<string, Entry<Uint8Array>>;
}

export const INVOICE_CONTENTS = cacheKey('invoice contents', (): InvoiceContentCaches => ({
  contents: new Map(),
  pdfs: new Map(),
}));
