/**
 * A payment's metadata changed by the integrator (`POST /api/v1/payments/{id}`): merged into what
 * it has — a key set to "" or null is removed — within the limits of core/metadata.ts, on the locked
 * row, so two updates at once both land; audited.
 */
import {
  mergeMetadata,
  metadataProblem,
  readMetadata,
  storedMetadata,
  type Metadata,
} from '../../core/metadata.ts';
import type { Actor } from '../audit/actor.ts';
import { audit } from '../audit/service.ts';
import type { AppDeps } from '../context.ts';
import type { Payment } from '../db/types.ts';
import { transact } from '../db/transact.ts';
import { AppError } from '../errors.ts';
import { lockPayment, updatePayment } from './repository.ts';

export async function updatePaymentMetadata(
  deps: AppDeps,
  payment: Pick<Payment, 'id'>,
  update: Record<string, string | null>,
  actor: Actor,
): Promise<Metadata> {
  return transact(deps.database, async (trx) => {
    const row = await lockPayment(trx, deps.database.dialect, payment.id);
    if (!row) throw new AppError('not_found', 'Payment not found');
    const merged = mergeMetadata(readMetadata(row.metadata), update);
    const stored = storedMetadata(merged);
    const problem = metadataProblem(readMetadata(stored));
    if (problem) throw new AppError('validation_failed', problem.message, { field: problem.field });
    const now = deps.clock.now().toISOString();
    await updatePayment(trx, row.id, { metadata: stored, updated_at: now });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'payment.metadata_update',
        targetType: 'payment',
        targetId: row.id,
        merchantId: row.merchant_id,
        details: { keys: Object.keys(update) },
        ip: actor.ip,
      },
      deps.clock,
    );
    return readMetadata(stored);
  });
}
