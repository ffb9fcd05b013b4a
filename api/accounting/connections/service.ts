/**
 * A merchant's accounting connection, as admins change it: the account settings (which accounts
 * payments, surcharges and credits go to) and disconnecting (tokens revoked where the tool allows,
 * then forgotten). Both audited.
 */
import type { Actor } from '../../audit/actor.ts';
import { audit } from '../../audit/service.ts';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getMerchantOr404 } from '../../merchants/service.ts';
import { merchantChanged } from '../../merchants/changes.ts';
import {
  connectorFor,
  deleteConnection,
  findConnection,
  refreshTokenOf,
  updateConnection,
} from './connections.ts';

export interface AccountingSettings {
  payment_account_code: string;
  surcharge_account_code?: string | null;
  credit_account_code?: string | null;
}

export async function saveAccountingSettings(
  deps: AppDeps,
  merchantId: string,
  body: AccountingSettings,
  actor: Actor,
) {
  await getMerchantOr404(deps, merchantId);
  return deps.database.db.transaction().execute(async (trx) => {
    const existing = await findConnection(trx, merchantId);
    if (!existing) throw new AppError('conflict', 'Connect Xero or QuickBooks first.');
    const changes = {
      payment_account_code: body.payment_account_code,
      surcharge_account_code: body.surcharge_account_code?.trim() || null,
      ...(body.credit_account_code !== undefined
        ? { credit_account_code: body.credit_account_code?.trim() || null }
        : {}),
    };
    await updateConnection(trx, existing.id, { ...changes, updated_at: deps.clock.now().toISOString() });
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'accounting.settings',
        targetType: 'merchant',
        targetId: merchantId,
        details: { provider: existing.provider, ...changes },
        ip: actor.ip,
      },
      deps.clock,
    );
    return findConnection(trx, merchantId);
  });
}

export async function disconnectAccounting(deps: AppDeps, merchantId: string, actor: Actor): Promise<void> {
  await getMerchantOr404(deps, merchantId);
  const existing = await findConnection(deps.database.db, merchantId);
  if (!existing) return;
  try {
    const refresh = refreshTokenOf(deps, existing);
    if (refresh) await connectorFor(deps, existing.provider).revoke(refresh);
  } catch (err) {
    deps.logger.warn(
      { merchantId, err: (err as Error).message },
      'token revocation failed; forgetting the tokens anyway',
    );
  }
  await deps.database.db.transaction().execute(async (trx) => {
    await deleteConnection(trx, existing.id);
    await audit(
      trx,
      {
        actor: actor.user,
        action: 'accounting.disconnect',
        targetType: 'merchant',
        targetId: merchantId,
        details: { provider: existing.provider },
        ip: actor.ip,
      },
      deps.clock,
    );
  });
  merchantChanged(deps); // pay sessions fall back to the link amount (after the commit)
}
