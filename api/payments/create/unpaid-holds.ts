/**
 * Holds without money (DESIGN §3.4, issue 49 item 9). An attempt that waits for its customer — a
 * 3-D Secure step, a PayTo approval in the banking app — holds its amount of the invoice for the
 * action window. One that then ends unpaid (abandoned, expired, failed or declined in the bank app)
 * held the invoice for nothing: its pay session and its client address owe the proof-of-work
 * challenge before their next hold on that merchant's invoices, so a hold can no longer be placed
 * again at once, for free, for as long as someone likes. A solved challenge clears what they owe; a
 * debt is forgotten after a day. Recorded always, enforced with RATE_LIMITS (the gate is
 * api/payments/create/challenge.ts).
 */
import type { DbOrTrx } from '../../db/database.ts';
import type { Payment } from '../../db/types.ts';

/** How long an unpaid hold is remembered. */
const REMEMBERED_MS = 24 * 60 * 60_000;

export interface Payer {
  merchantId: string;
  sid: string | null;
  ip: string | null;
}

const keysOf = (p: Payer) => [
  ...(p.sid ? [['session', p.sid] as const] : []),
  ...(p.ip ? [['address', p.ip] as const] : []),
];

/** `payment`, which held its amount waiting for its customer, ended unpaid at `now` (caller's transaction). */
export async function recordUnpaidHold(trx: DbOrTrx, payment: Payment, now: string): Promise<void> {
  const payer = { merchantId: payment.merchant_id, sid: payment.pay_session_id, ip: payment.client_ip };
  const keys = keysOf(payer);
  if (keys.length === 0) return;
  const forgotten = new Date(Date.parse(now) - REMEMBERED_MS).toISOString();
  await trx.deleteFrom('unpaid_holds').where('ended_at', '<', forgotten).execute();
  await trx
    .insertInto('unpaid_holds')
    .values(
      keys.map(([scope, key]) => ({ merchant_id: payer.merchantId, scope, scope_key: key, ended_at: now })),
    )
    .onConflict((oc) => oc.columns(['merchant_id', 'scope', 'scope_key']).doUpdateSet({ ended_at: now }))
    .execute();
}

/** Whether the payer's session or address owes the challenge on this merchant's invoices. */
export async function owesChallenge(db: DbOrTrx, payer: Payer, now: string): Promise<boolean> {
  const keys = keysOf(payer);
  if (keys.length === 0) return false;
  const forgotten = new Date(Date.parse(now) - REMEMBERED_MS).toISOString();
  const row = await db
    .selectFrom('unpaid_holds')
    .select('scope')
    .where('merchant_id', '=', payer.merchantId)
    .where('ended_at', '>=', forgotten)
    .where((eb) =>
      eb.or(keys.map(([scope, key]) => eb.and([eb('scope', '=', scope), eb('scope_key', '=', key)]))),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A solved challenge: the payer's session and address owe nothing more on this merchant's invoices
 * for holds that ended by `upTo` (one ending after the check stays owed).
 */
export async function settleUnpaidHolds(db: DbOrTrx, payer: Payer, upTo: string): Promise<void> {
  const keys = keysOf(payer);
  if (keys.length === 0) return;
  await db
    .deleteFrom('unpaid_holds')
    .where('merchant_id', '=', payer.merchantId)
    .where('ended_at', '<=', upTo)
    .where((eb) =>
      eb.or(keys.map(([scope, key]) => eb.and([eb('scope', '=', scope), eb('scope_key', '=', key)]))),
    )
    .execute();
}
