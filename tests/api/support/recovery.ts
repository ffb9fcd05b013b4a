/**
 * Fault injection for the payment-recovery suites: a small wrapper around the app's provider object
 * whose `createIntent` (create and confirm) really reaches the provider — the intent exists there,
 * confirmed — and then lets our side see a failure (a lost answer) or nothing at all (the process
 * "dies": the call never returns); or never reaches it (the request was lost on its way).
 * Everything else goes to the real provider untouched.
 */
import {
  ProviderRequestError,
  type PaymentProvider,
  type ProviderIntent,
} from '../../../api/ports/payment-provider.ts';
import type { TestApp } from '../../support/app.ts';
import { sandbox } from './payments.ts';

export type Fault = 'lose-answer' | 'hang' | 'lose-request';

export interface FaultyProvider {
  /** Intents the real provider returned to createIntent calls, in order. */
  created: ProviderIntent[];
  /** Faults applied to the next createIntent calls, one each. */
  next: Fault[];
  restore(): void;
}

export function faultyProvider(t: TestApp): FaultyProvider {
  const real = t.deps.payments;
  const state: FaultyProvider = {
    created: [],
    next: [],
    restore: () => {
      t.deps.payments = real;
    },
  };
  const createIntent: PaymentProvider['createIntent'] = async (input) => {
    if (state.next[0] === 'lose-request') {
      state.next.shift();
      throw new ProviderRequestError({
        type: 'connection_error',
        message: 'connect ETIMEDOUT (test: the request never arrived)',
        statusCode: 0,
      });
    }
    const intent = await real.createIntent(input);
    state.created.push(intent);
    const fault = state.next.shift();
    if (fault === 'hang') return new Promise<ProviderIntent>(() => {});
    if (fault === 'lose-answer')
      throw new ProviderRequestError({
        type: 'connection_error',
        message: 'socket hang up (test: the answer was lost)',
        statusCode: 0,
      });
    return intent;
  };
  t.deps.payments = new Proxy(real, {
    get(target, prop) {
      if (prop === 'createIntent') return createIntent;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return state;
}

/** Every intent the sandbox holds on a connected account (the provider's own record). */
export async function sandboxIntents(t: TestApp, account: string) {
  return sandbox(t)
    .ctx.db.selectFrom('sandbox_payment_intents')
    .select(['id', 'status', 'metadata'])
    .where('account_id', '=', account)
    .orderBy('created')
    .execute();
}

export async function paymentsOf(t: TestApp, merchantId: string, invoice: string) {
  return t.deps.database.db
    .selectFrom('payments')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('invoice_number', '=', invoice)
    .orderBy('created_at')
    .execute();
}

export async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
