/**
 * The sandbox's stand-in for the customer's banking app: the PayTo agreement request a PayTo
 * payment sends, with Approve and Decline (a form posting back, no script), clearly labelled as test
 * mode. In real life the request appears in the payer's own banking app, never on our pages.
 */
import { formatMoney } from '../../core/money.ts';
import type { PayToRequest } from './provider/payto.ts';
import { escapeHtml, page } from './consent-page.ts';

const STATUS_TEXT: Record<PayToRequest['status'], string> = {
  waiting: 'Waiting for your answer',
  approved: 'Approved: the payment is on its way',
  paid: 'Approved and paid',
  declined: 'Declined: no money moves',
  expired: 'Expired: the request was not answered in time',
  // Withdrawn on the payment page (the customer's Cancel) or by the merchant (the console's Cancel hold).
  canceled: 'Cancelled before you answered: no money moves',
};

/**
 * What an answer to a request that no longer waits met (the pay page and this page agree: a request
 * cancelled on the payment page is not "already answered").
 */
export function lateAnswerNotice(r: PayToRequest): string {
  if (r.status === 'canceled') return 'This request was cancelled before you answered: no money moves.';
  if (r.status === 'expired') return 'This request expired before you answered: no money moves.';
  return 'This request was already answered.';
}

function account(r: PayToRequest): string {
  if (r.payId) return `PayID ${r.payId}`;
  return `BSB ${r.bsb ? `${r.bsb.slice(0, 3)}-${r.bsb.slice(3)}` : '—'}, account ending ${r.last4 ?? '—'}`;
}

/** The request and, while it waits, the two answers. `notice`: what the last answer did. */
export function payToRequestPage(r: PayToRequest, notice: string | null = null, paySessionId = ''): string {
  const waiting = r.status === 'waiting';
  const until = r.expiresAt ? new Date(r.expiresAt).toISOString().replace('T', ' ').slice(0, 16) : null;
  return page(
    'PayTo agreement request',
    `<h1>PayTo agreement request</h1>
${notice ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>` : ''}
<p>A business asks to take one payment from your account by PayTo.</p>
<dl>
<dt>From</dt><dd>${escapeHtml(r.name ?? 'you')}, ${escapeHtml(account(r))}</dd>
<dt>For</dt><dd>${escapeHtml(r.description ?? '—')}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatMoney(r.amount, r.currency))}, once</dd>
<dt>Status</dt><dd id="status">${escapeHtml(STATUS_TEXT[r.status])}</dd>
${waiting && until ? `<dt>Answer by</dt><dd>${escapeHtml(until)} UTC</dd>` : ''}
</dl>
${
  waiting
    ? `<form method="post" action="/api/sandbox/payto/${escapeHtml(r.intentId)}?paySessionId=${escapeHtml(encodeURIComponent(paySessionId))}">
<div class="actions">
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
</div>
</form>`
    : '<p class="note">Nothing more to do here: go back to the payment page.</p>'
}
<p class="note">Test mode: in real life this request appears in your banking app.</p>`,
  );
}

export function payToMissingPage(): string {
  return page(
    'PayTo agreement request',
    '<h1>No such request</h1><p>This PayTo agreement request does not exist.</p>',
  );
}
