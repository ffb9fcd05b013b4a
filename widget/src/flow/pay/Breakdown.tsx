/** The amount / surcharge / total lines under the amount field (surcharge only when one applies). */
import { percentageFromBps, type Breakdown as Figures } from '../../../../core/money.ts';
import { useWidget } from '../i18n-context.ts';

export function Breakdown({
  breakdown,
  bps,
  money,
}: {
  breakdown: Pick<Figures, 'amount' | 'surcharge' | 'total'>;
  bps: number;
  money(minor: number): string;
}) {
  const { t } = useWidget();
  return (
    <div className="breakdown" part="breakdown" aria-live="polite">
      <div>
        <span>{t.breakdownAmount}</span>
        <span>{money(breakdown.amount)}</span>
      </div>
      {bps > 0 && (
        <div>
          <span>{t.breakdownSurcharge(percentageFromBps(bps))}</span>
          <span>{money(breakdown.surcharge)}</span>
        </div>
      )}
      <div className="breakdown-total">
        <span>{t.breakdownTotal}</span>
        <span>{money(breakdown.total)}</span>
      </div>
    </div>
  );
}
