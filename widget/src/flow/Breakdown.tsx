/** The amount / surcharge / total lines under the amount field (surcharge only when one applies). */
import { percentageFromBps, type Breakdown as Figures } from '../../../core/money.ts';

export function Breakdown({
  breakdown,
  bps,
  money,
}: {
  breakdown: Pick<Figures, 'amount' | 'surcharge' | 'total'>;
  bps: number;
  money(minor: number): string;
}) {
  return (
    <div className="bd" part="breakdown" aria-live="polite">
      <div>
        <span>Amount</span>
        <span>{money(breakdown.amount)}</span>
      </div>
      {bps > 0 && (
        <div>
          <span>Surcharge ({percentageFromBps(bps)}%)</span>
          <span>{money(breakdown.surcharge)}</span>
        </div>
      )}
      <div className="t">
        <span>Total</span>
        <span>{money(breakdown.total)}</span>
      </div>
    </div>
  );
}
