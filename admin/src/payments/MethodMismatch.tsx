/**
 * Charged = quoted (DESIGN §3.2): when the provider charged another payment method than the one the
 * customer was quoted (possible only through the 3-D Secure client secret), the payment page says
 * so, with the surcharge that was charged and the one the card charged calls for.
 */
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
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
  const translate = useTranslate();
  const m = payment.method_mismatch;
  if (!m) return null;
  const due = m.expected
    ? translate('console.method_mismatch.due', {
        surcharge: money(m.expected.surcharge, payment.currency),
        percentage: m.expected.surchargePercentage,
        rule: m.expected.rule,
      })
    : '';
  return (
    <Alert severity="warning" role="alert">
      {translate('console.method_mismatch.text', {
        quoted: name(m.quoted),
        charged: m.charged ? name(m.charged) : translate('console.method_mismatch.unknown'),
        surcharge: money(m.chargedSurcharge, payment.currency),
        percentage: m.chargedSurchargeBps / 100,
        due,
      })}
    </Alert>
  );
}
