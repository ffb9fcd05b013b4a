/**
 * An admin records by hand that something is in the merchant's accounting tool (a write-back,
 * DESIGN §3.3): a payment or one of its refunds, or an invoice's write-off. Audited; once per
 * subject (a second mark changes nothing).
 */
import type { Actor } from '../../audit/actor.ts';
import { audit } from '../../audit/service.ts';
import type { AppDeps } from '../../context.ts';
import { transact } from '../../db/transact.ts';
import { AppError } from '../../errors.ts';
import { invoiceOr404, writeOffOfInvoice } from '../../invoices/admin.ts';
import { findPayment } from '../../payments/rows.ts';
import { PAYMENT_NOT_FOUND } from '../../payments/lifecycle/read-back.ts';
import { recordWriteback } from './writebacks.ts';

export async function markPaymentRecorded(deps: AppDeps, id: string, refundId: string | null, actor: Actor) {
  const payment = await findPayment(deps.database.db, id);
  if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
  await transact(deps.database, async (trx) => {
    const result = await recordWriteback(
      trx,
      { paymentId: id, refundId, source: 'manual', createdBy: actor.user?.id ?? null },
      deps.clock,
    );
    if (result.recorded)
      await audit(
        trx,
        {
          actor: actor.user,
          action: refundId ? 'refund.mark_recorded' : 'payment.mark_recorded',
          targetType: 'payment',
          targetId: id,
          merchantId: payment.merchant_id,
          details: { refundId, amount: result.amount },
          ip: actor.ip,
        },
        deps.clock,
      );
  });
}

export async function markWriteOffRecorded(
  deps: AppDeps,
  invoiceId: string,
  writeOffId: string,
  actor: Actor,
): Promise<void> {
  const merchantId = await invoiceOr404(deps, invoiceId);
  await transact(deps.database, async (trx) => {
    const writeOff = await writeOffOfInvoice(trx, invoiceId, writeOffId);
    if (!writeOff) throw new AppError('not_found', 'Write-off not found.');
    const result = await recordWriteback(
      trx,
      { writeOffId, source: 'manual', createdBy: actor.user?.id ?? null },
      deps.clock,
    );
    if (result.recorded)
      await audit(
        trx,
        {
          actor: actor.user,
          action: 'write_off.mark_recorded',
          targetType: 'invoice',
          targetId: invoiceId,
          merchantId,
          details: { writeOffId, amount: writeOff.amount },
          ip: actor.ip,
        },
        deps.clock,
      );
  });
}
