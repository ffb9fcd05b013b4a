/**
 * After Pay: the view for the payment's status, the server's word (DESIGN §4a). Keyed by status so a
 * payment method with another outcome adds its own view here — a bank debit's `processing` (BECS,
 * issue 17: "the payment is on its way, it takes a few business days") beside `succeeded`.
 */
import type { ComponentType } from 'react';
import type { PaymentState } from '../../lib/api.ts';
import { SuccessView } from './SuccessView.tsx';

export interface ResultProps {
  payment: PaymentState;
  onAnother(): void;
  onEnd(): void;
}

/** Until a method settles later (bank debits), `processing` reads as the success view. */
export const RESULT_VIEWS: Record<string, ComponentType<ResultProps>> = {
  succeeded: SuccessView,
  processing: SuccessView,
};

export function ResultView(props: ResultProps) {
  const View = RESULT_VIEWS[props.payment.status] ?? SuccessView;
  return <View {...props} />;
}
