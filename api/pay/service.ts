/**
 * The pay session (what the widget loads when a link is opened): merchant, provider settings,
 * surcharge policy, the invoice balance by DESIGN §3.3 and a history without customer data. It is
 * read-only — a couple of indexed reads and an HMAC — so opening links stays fast; the
 * observation it makes travels inside the signed session id.
 */
import { normalizeCurrency } from '../../core/currencies.ts';
import { minimumPaymentMinor, parseLinkAmount, percentageFromBps } from '../../core/money.ts';
import { getLiveAmountDue } from '../accounting/live-amount.ts';
import type { AppDeps } from '../context.ts';
import { AppError } from '../errors.ts';
import { availableBalance } from '../invoices/ledger.ts';
import { countersOf, findInvoice } from '../invoices/repository.ts';
import {
  connectedAccountId,
  NOT_CONNECTED_MESSAGE,
  NOT_READY_MESSAGE,
  resolveMerchant,
} from '../merchants/resolve.ts';
import { policyOf, rulesToApi } from '../merchants/surcharge.ts';
import { invoiceHistory } from '../payments/repository.ts';
import { MISSING_INVOICE_MESSAGE } from '../payments/service.ts';
import { MERCHANT_CACHE_TTL_MS, payCaches, type HistoryEntry } from './cache.ts';
import { newSessionId, signPaySession, verifyPaySession } from './session-token.ts';

export interface SessionQuery {
  merchant?: string;
  shortcode?: string;
  invoice?: string;
  amount?: string;
  currency?: string;
  paySessionId?: string;
}

export async function openPaySession(deps: AppDeps, q: SessionQuery) {
  const { database, config, clock } = deps;
  const nowMs = clock.now().getTime();
  const cache = payCaches(deps);
  const merchantKey = `${q.merchant ?? ''}\u0000${q.shortcode ?? ''}`;
  const cached = cache.merchants.get(merchantKey, nowMs);
  let merchant = cached?.generation === cache.generation ? cached.merchant : undefined;
  if (!merchant) {
    merchant = await resolveMerchant(database.db, { merchant: q.merchant, shortcode: q.shortcode });
    cache.merchants.set(
      merchantKey,
      { merchant, generation: cache.generation },
      nowMs + MERCHANT_CACHE_TTL_MS,
    );
  }
  const currency = normalizeCurrency(q.currency ?? 'AUD');
  if (!currency)
    throw new AppError(
      'validation_failed',
      `Unsupported currency: ${String(q.currency).slice(0, 10).toUpperCase()}`,
      { field: 'currency' },
    );
  const invoiceNumber = q.invoice?.trim();
  if (!invoiceNumber) throw new AppError('validation_failed', MISSING_INVOICE_MESSAGE, { field: 'invoice' });
  if (invoiceNumber.length > 100)
    throw new AppError('validation_failed', 'Invalid payment link: the invoice number is too long.', {
      field: 'invoice',
    });
  // With a connected accounting tool its live amount due replaces the link's (DESIGN §3.3); when the
  // tool is unreachable the link amount and the ledger's credible observations still bound payments.
  const live = await getLiveAmountDue(deps, merchant.id, invoiceNumber, currency);
  const linkAmount = live ? live.amountDue : parseLinkAmount(q.amount, currency);

  const invoice = await findInvoice(database.db, merchant.id, invoiceNumber, currency);
  const counters = countersOf(invoice);

  // Reloading the page keeps the pay session, so its next attempt replaces the unconfirmed one; the
  // balance shown already leaves that attempt's reservation out.
  let sid = newSessionId();
  const previous = q.paySessionId ? verifyPaySession(config.jwtSecret, q.paySessionId, nowMs) : null;
  if (
    previous &&
    previous.merchantId === merchant.id &&
    previous.invoiceNumber === invoiceNumber &&
    previous.currency === currency
  ) {
    sid = previous.sid;
    if (invoice && counters.reserved > 0) {
      const own = await database.db
        .selectFrom('payments')
        .select((eb) => eb.fn.sum<number>('amount').as('reserved'))
        .where('pay_session_id', '=', sid)
        .where('status', 'in', ['pending', 'requires_action'])
        .executeTakeFirst();
      counters.reserved -= Number(own?.reserved ?? 0);
    }
  }

  const balance = availableBalance(counters, { amount: linkAmount, writtenBack: counters.writtenBack });
  const paySessionId = signPaySession(config.jwtSecret, {
    sid,
    merchantId: merchant.id,
    invoiceNumber,
    currency,
    linkAmount,
    writtenBack: counters.writtenBack,
    issuedAt: nowMs,
  });
  let history: HistoryEntry[] = [];
  if (invoice) {
    const key = `${invoice.id}:${invoice.version}`;
    const cached = cache.histories.get(key, nowMs);
    if (cached) history = cached;
    else {
      history = (await invoiceHistory(database.db, invoice.id)).map((p) => ({
        amount: p.amount,
        surcharge: p.surcharge,
        total: p.total_amount,
        date: p.succeeded_at ?? p.created_at,
        status: p.status,
      }));
      cache.histories.set(key, history, Number.MAX_SAFE_INTEGER);
    }
  }
  const account = connectedAccountId(merchant);
  const notReady = !account
    ? NOT_CONNECTED_MESSAGE
    : merchant.stripe_charges_enabled
      ? null
      : NOT_READY_MESSAGE;
  const policy = policyOf(merchant);

  return {
    paySessionId,
    merchant: {
      id: merchant.id,
      name: merchant.business_name,
      status: merchant.status,
      shortcode: merchant.shortcode,
      ready: notReady === null,
      notReadyReason: notReady,
    },
    provider: {
      mode: deps.payments.mode,
      publishableKey: deps.payments.mode === 'stripe' ? config.stripe.publishableKey : null,
      connectedAccountId: account,
    },
    surcharge: {
      enabled: policy.enabled,
      percentage: Number(percentageFromBps(policy.bps)),
      bps: policy.bps,
      rules: rulesToApi(policy.rules),
    },
    platformFeeBps: config.platformFeeBps,
    invoice: {
      number: invoiceNumber,
      currency,
      linkAmount,
      balance,
      fullyPaid: balance === 0,
      history,
    },
    limits: {
      minimum: minimumPaymentMinor(currency),
      maximum: balance,
      minimumWaivedForFullBalance: true,
    },
  };
}
