/**
 * After Pay: the view for the payment's status, the server's word (DESIGN §4a). Keyed by status: a
 * bank debit's `processing` (AU BECS Direct Debit) says it was submitted and clears in up to 3 business
 * days (ProcessingView.tsx) beside `succeeded`.
 */
import type { ComponentType } from 'react';
import { ProcessingView } from './ProcessingView.tsx';
import type { ResultProps } from './result-props.ts';
import { SuccessView } from './SuccessView.tsx';

export const RESULT_VIEWS: Record<string, ComponentType<ResultProps>> = {
  succeeded: SuccessView,
  processing: ProcessingView,
};

export function ResultView(props: ResultProps) {
  const View = RESULT_VIEWS[props.payment.status] ?? SuccessView;
  return <View {...props} />;
}
