/**
 * The audit trail: every admin write records who did what to which record, in the same transaction
 * as the change when a `trx` is passed (so a rolled-back change leaves no audit row, and a committed
 * one always has one).
 *
 * @example await audit(trx, { actor: c.get('user')!, action: 'merchant.update', targetType: 'merchant',
 *   targetId: id, details: { changed: ['surcharge_bps'] }, ip: clientIp(c) }, deps.clock);
 */
import type { AuthUser, Clock } from '../context.ts';
import type { DbOrTrx } from '../db/database.ts';
import { nextSeq } from '../db/sequence.ts';
import { newRowId } from '../db/row-id.ts';

export interface AuditEntry {
  /** The signed-in user, or null for the system (seed, CLI, webhooks). */
  actor: AuthUser | null;
  /** Dotted verb, e.g. 'merchant.create', 'payment.refund', 'auth.login_failed'. */
  action: string;
  targetType?: string;
  targetId?: string;
  /** Any JSON-serialisable context. Never put secrets, tokens or card data here. */
  details?: unknown;
  ip?: string | null;
  /** The merchant the entry concerns (its owners read it); a merchant target is its own. */
  merchantId?: string | null;
}

/**
 * `sequenced: false` is for migration steps, which run against the schema of their own version:
 * before migration 067 the table has no `seq`.
 */
const merchantOf = (entry: AuditEntry): string | null =>
  entry.merchantId ?? (entry.targetType === 'merchant' ? (entry.targetId ?? null) : null);

export async function audit(
  db: DbOrTrx,
  entry: AuditEntry,
  clock: Clock,
  options: { sequenced?: boolean } = {},
): Promise<string> {
  const id = newRowId();
  await db
    .insertInto('audit_log')
    .values({
      id,
      // A migration step's entry has the table's columns as of that step (no seq, no merchant_id).
      ...(options.sequenced === false ? {} : { seq: nextSeq(), merchant_id: merchantOf(entry) }),
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      ip: entry.ip ?? null,
      created_at: clock.now().toISOString(),
    })
    .execute();
  return id;
}
