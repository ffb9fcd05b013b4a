/**
 * Pay links made through the API (`POST /api/v1/pay-links`). The merchant's integration says what
 * is due on an invoice, so the link's amount is authoritative for the ledger: in the transaction
 * that creates the link, its observation (A = amount, S_i = S now) is recorded and made credible at
 * once (DESIGN §3.3) — before anyone pays, a typed link with a higher amount is already capped by
 * it — through the ledger's own repository functions (api/invoices). The hosted URL carries the
 * signature (api/pay-links/token.ts) as its path segment: the pay session refuses a link whose
 * amount, invoice or currency was changed, and one that expired or was canceled.
 * Canceling a link nobody paid through also dismisses its observation (it no longer says anything
 * is due).
 */
import { randomBytes } from 'node:crypto';
import { minimumChargeMinor } from '../../core/charge-limits.ts';
import { normalizeCurrency } from '../../core/currencies.ts';
import { readMetadata, storedMetadata } from '../../core/metadata.ts';
import { fromMinorUnits, formatMoney } from '../../core/money.ts';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { PayLink } from '../db/types.ts';
import { AppError } from '../errors.ts';
import {
  clearObservationDismissal,
  lockInvoice,
  lockInvoiceById,
  makeObservationCredible,
  observeLink,
  setObservationDismissed,
} from '../invoices/holds.ts';
import { refreshInvoiceTerms } from '../invoices/terms.ts';
import type { Actor } from '../merchants/service.ts';
import { merchantChanged } from '../merchants/changes.ts';
import { payLinkStatus } from '../public-objects/objects.ts';
import { insertPayLink, markPayLinkCanceled, observationInUse } from './repository.ts';
import { payLinkToken } from './token.ts';
import { transact } from '../db/transact.ts';
import { nextSeq } from '../db/sequence.ts';

export const PAY_LINK_NOT_FOUND = 'Pay link not found';
const SHORT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export interface CreatePayLinkInput {
  merchantId: string;
  invoiceNumber: string;
  /** Minor units. */
  amount: number;
  currency: string;
  reference?: string | null;
  customerEmail?: string | null;
  expiresAt?: string | null;
  /** The integrator's metadata (core/metadata.ts), validated by the route's schema. */
  metadata?: Record<string, string | null> | null;
  /** The id to give the link (an Idempotency-Key's claim fixes it); a new one otherwise. */
  id?: string;
}

function shortCode(): string {
  let out = '';
  for (const byte of randomBytes(20)) if (byte < 224 && out.length < 10) out += SHORT_ALPHABET[byte % 56];
  return out.length === 10 ? out : shortCode();
}

/** A link's request body (the integrator API's and the console's share it) as the service's input. */
export function payLinkInput(
  merchantId: string,
  body: {
    invoice_number: string;
    amount: number;
    currency: string;
    reference?: string | null;
    customer_email?: string | null;
    expires_at?: string | null;
    metadata?: Record<string, string | null> | null;
  },
  id?: string,
): CreatePayLinkInput {
  return {
    id,
    merchantId,
    invoiceNumber: body.invoice_number,
    amount: body.amount,
    currency: body.currency,
    reference: body.reference,
    customerEmail: body.customer_email,
    expiresAt: body.expires_at,
    metadata: body.metadata,
  };
}

export function payLinkUrls(deps: AppDeps, l: PayLink) {
  const token = payLinkToken(deps.config.jwtSecret, l);
  const query = new URLSearchParams({
    invoice: l.invoice_number,
    amount: fromMinorUnits(l.amount, l.currency),
    currency: l.currency,
  });
  return {
    url: `${deps.config.publicBaseUrl}/pay/${token}?${query}`,
    short_url: `${deps.config.publicBaseUrl}/l/${l.short_code}`,
  };
}

export function toV1PayLink(deps: AppDeps, l: PayLink) {
  return {
    object: 'pay_link' as const,
    id: l.id,
    merchant_id: l.merchant_id,
    invoice_id: l.invoice_id,
    invoice_number: l.invoice_number,
    currency: l.currency,
    amount: l.amount,
    reference: l.reference,
    customer_email: l.customer_email,
    ...payLinkUrls(deps, l),
    status: payLinkStatus(l, deps.clock.now()),
    expires_at: l.expires_at,
    canceled_at: l.canceled_at,
    created_at: l.created_at,
    metadata: readMetadata(l.metadata),
  };
}

export async function createPayLink(
  deps: AppDeps,
  input: CreatePayLinkInput,
  actor: Actor,
): Promise<PayLink> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const currency = normalizeCurrency(input.currency);
  if (!currency)
    throw new AppError(
      'validation_failed',
      `Unsupported currency: ${input.currency.slice(0, 10).toUpperCase()}`,
      {
        field: 'currency',
      },
    );
  const invoiceNumber = input.invoiceNumber.trim();
  if (!invoiceNumber)
    throw new AppError('validation_failed', 'The invoice number is required.', { field: 'invoice_number' });
  const minimum = minimumChargeMinor(currency);
  if (input.amount < minimum)
    throw new AppError(
      'validation_failed',
      `The amount must be at least ${formatMoney(minimum, currency)}, the smallest card payment in ${currency}.`,
      { field: 'amount' },
    );
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (expiresAt && expiresAt <= nowIso)
    throw new AppError('validation_failed', 'The expiry must be in the future.', { field: 'expires_at' });
  const id = input.id ?? crypto.randomUUID();

  const link = await transact(deps.database, async (trx) => {
    const invoice = await lockInvoice(
      trx,
      deps.database.dialect,
      { merchantId: input.merchantId, invoiceNumber, currency },
      nowIso,
    );
    const writtenBack = invoice.written_back_amount;
    const observationId = await observeLink(
      trx,
      invoice.id,
      { amount: input.amount, writtenBack, source: 'link' },
      nowIso,
    );
    // The merchant says this is due: an earlier dismissal of the same observation no longer holds.
    await clearObservationDismissal(trx, observationId);
    await makeObservationCredible(trx, observationId, invoice.id, nowIso);
    await refreshInvoiceTerms(trx, invoice.id, nowIso);
    const row: PayLink = {
      id,
      merchant_id: input.merchantId,
      invoice_id: invoice.id,
      observation_id: observationId,
      invoice_number: invoiceNumber,
      currency,
      amount: input.amount,
      written_back_at_creation: writtenBack,
      reference: input.reference?.trim() || null,
      customer_email: input.customerEmail?.trim().toLowerCase() || null,
      short_code: shortCode(),
      expires_at: expiresAt,
      canceled_at: null,
      created_by: actor.user?.id ?? null,
      created_at: nowIso,
      seq: nextSeq(), // links made in the same millisecond keep their order in lists
      metadata: storedMetadata(input.metadata),
    };
    await insertPayLink(trx, row);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'pay_link.create',
        targetType: 'pay_link',
        targetId: id,
        merchantId: input.merchantId,
        details: {
          merchant_id: input.merchantId,
          invoice_id: invoice.id,
          invoice_number: invoiceNumber,
          amount: input.amount,
          currency,
          reference: row.reference,
          expires_at: expiresAt,
        },
        ip: actor.ip,
      },
      deps.clock,
    );
    return row;
  });
  return link;
}

/** Cancel a link: it is refused from now on, and if nobody paid through it its observation is dismissed. */
export async function cancelPayLink(deps: AppDeps, link: PayLink, actor: Actor): Promise<PayLink> {
  if (link.canceled_at) return link;
  const now = deps.clock.now().toISOString();
  await transact(deps.database, async (trx) => {
    await lockInvoiceById(trx, deps.database.dialect, link.invoice_id);
    await markPayLinkCanceled(trx, link.id, now);
    const dismissed = !(await observationInUse(trx, link.observation_id, link.id));
    if (dismissed) {
      await setObservationDismissed(trx, link.observation_id, {
        at: now,
        by: actor.user?.id ?? null,
        reason: 'Pay link canceled',
      });
      await refreshInvoiceTerms(trx, link.invoice_id, now);
    }
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'pay_link.cancel',
        targetType: 'pay_link',
        targetId: link.id,
        merchantId: link.merchant_id,
        details: { invoice_id: link.invoice_id, observation_dismissed: dismissed },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  merchantChanged(deps); // a pay page showing it must refuse it now
  return { ...link, canceled_at: now };
}
