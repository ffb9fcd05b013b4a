/**
 * Rendering a link's pay session (api/pay/service.ts reuses it while nothing it shows changed): the
 * merchant, provider settings, surcharge policy, the invoice balance by DESIGN §3.3 with what the
 * page must say when a card cannot pay it (below the card minimum; a link capped by another
 * observation, which is recorded for the console's Needs attention), the limits of one payment,
 * and a history of amounts, dates and statuses only.
 */
import { largestPayment, maximumChargeMinor, minimumChargeMinor } from '../../core/charge-limits.ts';
import { parseLinkAmount, percentageFromBps } from '../../core/money.ts';
import { getLiveAmountDue } from '../accounting/live/live-amount.ts';
import type { AppDeps } from '../context.ts';
import type { Invoice, Merchant } from '../db/types.ts';
import { availableBalance, linkBalance } from '../invoices/ledger.ts';
import {
  authoritativeLimit,
  countersOf,
  firstObservationWithAmount,
  lockInvoiceById,
  observeLink,
} from '../invoices/holds.ts';
import { refreshInvoiceTerms } from '../invoices/terms.ts';
import {
  connectedAccountId,
  merchantInactiveMessage,
  NOT_CONNECTED_MESSAGE,
  NOT_READY_MESSAGE,
} from '../merchants/resolve.ts';
import {
  type AccountMethod,
  BANK_DEBIT_TYPE,
  bankDebitOffered,
  bankDebitPolicyOf,
  bankDebitRate,
  PAYTO_TYPE,
} from '../merchants/bank-debit.ts';
import { policyOf, rulesToApi } from '../merchants/surcharge.ts';
import { invoiceHistory, invoiceHolds, reservedBySession } from '../payments/rows.ts';
import type { HistoryEntry, RenderedSession } from './cache.ts';
import type { PaySessionBody, SessionQuery } from './schema.ts';
import { signObservation } from '../invoices/pay-session-token.ts';
import { transact } from '../db/transact.ts';
import { findConnection } from '../accounting/connections/connections.ts';

const hasConnection = async (deps: AppDeps, merchantId: string) =>
  (await findConnection(deps.database.db, merchantId)) !== undefined;

/** What a pay session is rendered from: the link's query, its merchant and invoice, the page resumed. */
export interface RenderInput {
  q: SessionQuery;
  merchant: Merchant;
  invoiceNumber: string;
  currency: string;
  invoice: Invoice | undefined;
  resumedSid: string | null;
  nowMs: number;
  /** A signed pay link (api/pay-links/session.ts): its amount, observed with the S of its creation. */
  signed: { id: string; amount: number; writtenBack: number } | null;
}

export async function render(deps: AppDeps, input: RenderInput): Promise<RenderedSession> {
  const { merchant, invoiceNumber, currency, invoice, resumedSid, nowMs, signed } = input;
  const { database, config } = deps;
  const { live, linkAmount, source, counters, reserved, link, balance, cappedFrom } = await amountsOf(
    deps,
    input,
  );
  const history: HistoryEntry[] = invoice
    ? (await invoiceHistory(database.db, invoice.id)).map((p) => ({
        amount: p.amount,
        surcharge: p.surcharge,
        total: p.total_amount,
        date: p.succeeded_at ?? p.created_at,
        status: p.status,
      }))
    : [];
  const account = connectedAccountId(merchant);
  // A suspended merchant's page says so, naming it, before anyone types a card (issue 50 item 4).
  const notReady = !account
    ? NOT_CONNECTED_MESSAGE
    : merchant.status === 'inactive'
      ? merchantInactiveMessage(merchant.business_name)
      : merchant.stripe_charges_enabled
        ? null
        : NOT_READY_MESSAGE;
  const policy = policyOf(merchant);
  const minimum = minimumChargeMinor(currency);
  const bankDebit = bankDebitSession(merchant, currency, linkAmount);
  const cardBps = policy.enabled ? Math.max(policy.bps, ...policy.rules.map((r) => r.bps)) : 0;
  const payTo = payToSession(merchant, currency, linkAmount, config.paytoApprovalMinutes);
  const methodBps = (m: { offered: boolean | null; surchargeBps: number } | null) =>
    m?.offered === false ? 0 : (m?.surchargeBps ?? 0);
  const maxBps = Math.max(cardBps, methodBps(bankDebit), methodBps(payTo));
  // Money held for others' unfinished attempts is *being paid*, never paid (DESIGN §3.4): an invoice
  // whose whole balance is held says so, and what is left to pay now.
  const beingPaid = invoice && counters.reserved > 0 ? await holdsOf(deps, invoice.id, resumedSid) : [];
  const held = beingPaid.reduce((sum, h) => sum + h.amount, 0);
  const state =
    balance === 0
      ? held > 0
        ? 'being_paid'
        : 'paid'
      : balance !== null && balance < minimum
        ? 'below_minimum'
        : 'open';
  const rest = {
    merchant: merchantView(merchant, notReady),
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
    bankDebit,
    payTo,
    invoice: {
      number: invoice?.invoice_number ?? invoiceNumber,
      currency,
      linkAmount,
      balance,
      fullyPaid: state === 'paid',
      state,
      beingPaid,
      cappedFrom,
      history,
      // The invoice itself (api/pay/invoice-details.ts decides on every request; this only says
      // whether asking is worth it): a signed link of a connected merchant, or an ordinary link the
      // tool knows, of a merchant who shows details on links.
      details: signed
        ? await hasConnection(deps, merchant.id)
        : live !== null && merchant.invoice_details_on_links === 1,
    },
    limits: {
      minimum,
      maximum: largestPayment(balance, currency, maxBps),
      maximumCharge: maximumChargeMinor(currency),
      minimumWaivedForFullBalance: false,
    },
  } satisfies Omit<PaySessionBody, 'paySessionId'>;
  const observed = {
    merchantId: merchant.id,
    invoiceNumber,
    currency,
    linkAmount,
    writtenBack: link.writtenBack,
    source,
    payLinkId: signed?.id ?? null,
  } as const;
  return {
    generation: 0,
    stamp: null,
    merchantId: merchant.id,
    invoiceId: invoice?.id ?? null,
    version: invoice?.version ?? null,
    reserved,
    tail: JSON.stringify(rest).slice(1),
    observed,
    observation: signObservation(config.jwtSecret, { ...observed, issuedAt: nowMs }),
    observedAt: nowMs,
  };
}

/** The merchant as the page shows it: who, whether it can take a card now (and why not), its brand. */
function merchantView(merchant: Merchant, notReady: string | null) {
  return {
    id: merchant.id,
    name: merchant.business_name,
    status: merchant.status,
    shortcode: merchant.shortcode,
    ready: notReady === null,
    notReadyReason: notReady,
    contact: { email: merchant.email, phone: merchant.phone },
    logoUrl: merchant.logo_url ?? null,
    brandColor: merchant.brand_color ?? null,
    // Dates on the page are written as the merchant's country writes them, on its clock (DESIGN §4b).
    country: merchant.country,
    timeZone: merchant.time_zone,
  };
}

/**
 * What the page may take for this link: the link's amount (the live amount due with a connected
 * accounting tool, a signed link's own), the ledger's counters less a resumed page's own holds, the
 * balance, and — when another observation caps the link — what the link alone would have left due.
 */
async function amountsOf(deps: AppDeps, input: RenderInput) {
  const { q, merchant, invoiceNumber, currency, invoice, resumedSid, nowMs, signed } = input;
  const { database } = deps;
  // With a connected accounting tool its live amount due replaces the link's (DESIGN §3.3); when the
  // tool is unreachable the link amount and the ledger's credible observations still bound payments.
  // A signed link's amount is the merchant's own word (authoritative, credible from its creation).
  const live = signed ? null : await getLiveAmountDue(deps, merchant.id, invoiceNumber, currency);
  const linkAmount = signed ? signed.amount : live ? live.amountDue : parseLinkAmount(q.amount, currency);
  const source = live ? 'live' : 'link';
  const counters = countersOf(invoice);
  // A signed link is the merchant's word: only other authoritative observations cap it.
  if (signed && invoice) counters.credibleLimit = await authoritativeLimit(database.db, invoice.id);
  const reserved = counters.reserved;
  if (resumedSid && invoice && reserved > 0) {
    counters.reserved -= await reservedBySession(database.db, resumedSid);
  }
  const link = { amount: linkAmount, writtenBack: signed ? signed.writtenBack : counters.writtenBack };
  const balance = availableBalance(counters, link);
  // The link alone would leave more due than another observation allows (DESIGN §3.3, case 13): the
  // page says so, and the console lists the invoice under Needs attention.
  let own = linkBalance(counters, link);
  if (own !== null && balance !== null && own > balance && invoice && linkAmount !== null) {
    // A link seen before is that same link (its amount never changes): it was written when S was
    // what it was then, so an old link opened after its payments were written back is not capped.
    const seen = await firstObservationWithAmount(database.db, invoice.id, linkAmount);
    if (seen) own = linkBalance(counters, { amount: linkAmount, writtenBack: seen.writtenBack });
  }
  const cappedFrom = own !== null && balance !== null && own > balance ? own : null;
  if (cappedFrom !== null && invoice && linkAmount !== null && invoice.attention === null)
    await recordCappedLink(deps, invoice.id, linkAmount, counters.writtenBack, source, nowMs);
  return { live, linkAmount, source, counters, reserved, link, balance, cappedFrom } as const;
}

/** The holds another customer's page shows as being paid: amount, method, since when, until when. */
async function holdsOf(deps: AppDeps, invoiceId: string, ownSession: string | null) {
  const rows = await invoiceHolds(deps.database.db, invoiceId, ownSession);
  return rows.map((h) => ({
    amount: h.amount,
    method:
      h.method_type === BANK_DEBIT_TYPE
        ? ('bank_debit' as const)
        : h.method_type === PAYTO_TYPE
          ? ('payto' as const)
          : ('card' as const),
    status: h.status as 'pending' | 'requires_action' | 'processing',
    since: h.created_at,
    // A card attempt ends by its hold's time at the latest; a bank debit clears by its date.
    until: h.status === 'processing' ? null : h.reserved_until,
    clearsBy: h.status === 'processing' ? h.clears_by : null,
  }));
}

/**
 * What the page needs to offer AU BECS Direct Debit: null when the merchant does not offer it for
 * this currency; `offered` false below the merchant's minimum invoice amount, null when the link has
 * no amount (then the amount the customer types decides), and the bank debit surcharge rule.
 */
function bankDebitSession(
  merchant: Merchant,
  currency: string,
  linkAmount: number | null,
  method: AccountMethod = 'becs',
) {
  const policy = bankDebitPolicyOf(merchant, method);
  if (!bankDebitOffered({ ...policy, minimumAmount: null }, currency, null)) return null;
  const rate = bankDebitRate(policy, currency, method);
  return {
    offered:
      linkAmount === null && policy.minimumAmount !== null
        ? null
        : bankDebitOffered(policy, currency, linkAmount),
    minimumAmount: policy.minimumAmount,
    surchargeBps: rate.bps,
    surchargePercentage: Number(percentageFromBps(rate.bps)),
    surchargeCap: rate.cap,
    rule: rate.rule,
  };
}

/**
 * Keep a capped link in the ledger (not credible: nothing was paid against it) so the console shows
 * it and lists the invoice under Needs attention. Only while the invoice is not already listed: a
 * stream of typed links cannot grow the table, and the pay page's own answer never waits on more
 * than this one write.
 */
async function recordCappedLink(
  deps: AppDeps,
  invoiceId: string,
  amount: number,
  writtenBack: number,
  source: 'link' | 'live',
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs).toISOString();
  try {
    await transact(deps.database, async (trx) => {
      // Invoice row first, then the observation: the lock order of payment creation (no deadlock).
      await lockInvoiceById(trx, deps.database.dialect, invoiceId);
      await observeLink(trx, invoiceId, { amount, writtenBack, source }, now);
      await refreshInvoiceTerms(trx, invoiceId, now);
    });
  } catch (err) {
    deps.logger.warn({ invoiceId, err: (err as Error).message }, 'could not record a capped link');
  }
}

/** PayTo, offered like a bank debit, with how long the customer has to approve it in their bank. */
function payToSession(
  merchant: Merchant,
  currency: string,
  linkAmount: number | null,
  approvalMinutes: number,
) {
  const session = bankDebitSession(merchant, currency, linkAmount, 'payto');
  return session && { ...session, approvalMinutes };
}
