import type { PaymentState } from '../../lib/api.ts';

/** What every result view gets: the payment as the server recorded it, and the two ways on. */
export interface ResultProps {
  payment: PaymentState;
  onAnother(): void;
  onEnd(): void;
}
