/**
 * After Pay: the view for the payment's status, the server's word (DESIGN §4a). Keyed by status: a
 * bank debit's `processing` (BECS, issue 17) says it was submitted and clears in up to 3 business
 * days (ProcessingView.tsx) beside `succeeded`.
 */
import type { ComponentType } from 'react';
import type { PaymentState } from '../../lib/api.ts';
import { ProcessingView } from './ProcessingView.tsx';
import { SuccessView } from './SuccessView.tsx';

export interface ResultProps {
  payment: PaymentState;
  onAnother(): void;
  onEnd(): void;
}

export const RESULT_VIEWS: Record<string, ComponentType<ResultProps>> = {
  succeeded: SuccessView,
  processing: ProcessingView,
};

export function ResultView(props: ResultProps) {
  const View = RESULT_VIEWS[props.payment.status] ?? SuccessView;
  return <View {...props} />;
}
