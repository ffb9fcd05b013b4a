/**
 * Charged = quoted (DESIGN §3.2): when the provider charged another payment method than the one the
 * customer was quoted (possible only through the 3-D Secure client secret), the payment page says
 * so, with the surcharge that was charged and the one the card charged calls for.
 */
import { Alert } from '@mui/material';
import { describePaymentMethod } from '../../../core/payment-method.ts';
import { money } from '../shared/format.ts';
import type { Payment } from '../shared/types.ts';

interface Method {
  brand: string | null;
  funding: string | null;
  wallet?: string | null;
  last4: string | null;
}

export interface MethodMismatchInfo {
  quoted: Method & { type: string };
  charged: Method | null;
  expected: { surchargePercentage: number; surcharge: number; rule: string } | null;
  chargedSurcharge: number;
  chargedSurchargeBps: number;
  detectedAt: string;
}

const name = (m: Method) =>
  `${describePaymentMethod({ type: 'card', ...m })}${m.last4 ? ` •••• ${m.last4}` : ''}`;

export function MethodMismatch({
  payment,
}: {
  payment: Payment & { method_mismatch?: MethodMismatchInfo | null };
}) {
  const m = payment.method_mismatch;
  if (!m) return null;
  const charged = m.charged ? name(m.charged) : 'another payment method (its details are not known yet)';
  const due = m.expected
    ? `; the card charged calls for ${money(m.expected.surcharge, payment.currency)} (${m.expected.surchargePercentage}%, rule ${m.expected.rule})`
    : '';
  return (
    <Alert severity="warning" role="alert">
      Charged with a different payment method than quoted: quoted {name(m.quoted)}, charged {charged}.
      Surcharge charged {money(m.chargedSurcharge, payment.currency)} ({m.chargedSurchargeBps / 100}%){due}.
      Refund the difference or contact the customer.
    </Alert>
  );
}
