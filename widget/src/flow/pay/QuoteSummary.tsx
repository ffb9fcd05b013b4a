/**
 * Above the Pay button: what the server quoted for the payment details ("Visa credit · surcharge
 * 2.95 % · Total A$1,286.88"), why it could not, a problem of the form, and the wait after too many
 * declines, counting down every second.
 */
import { useEffect, useState } from 'react';
import { percentageFromBps } from '../../../../core/money.ts';
import { useWidget } from '../i18n-context.ts';
import type { PayState } from './pay-machine.ts';

export function QuoteSummary({ state, money }: { state: PayState; money(minor: number): string }) {
  const { t } = useWidget();
  const { quote, phase, quoteProblem } = state;
  let text: string | null = null;
  if (quote) {
    const b = quote.breakdown;
    const surcharge =
      b.surchargeBps > 0 ? t.quoteSurcharge(percentageFromBps(b.surchargeBps)) : t.quoteNoSurcharge;
    text = t.quoteLine(quote.paymentMethod.label, surcharge, money(b.total));
  } else if (phase === 'quoting') text = t.quoteChecking;
  const showProblem = !quote && phase !== 'quoting' && quoteProblem;
  return (
    <div className="section" part="quote" aria-live="polite">
      {text && <p className={quote ? 'quote-line' : 'muted'}>{text}</p>}
      {showProblem && (
        <p className={quoteProblem.at === 'card' ? 'muted' : 'field-error'}>{quoteProblem.message}</p>
      )}
    </div>
  );
}

/** m:ss of a countdown. */
export const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** "You can try again in 14:59", counting down; calls `onOver` when the time has come. */
export function WaitNotice({
  until,
  reason,
  onOver,
}: {
  until: string;
  reason?: string | null;
  onOver(): void;
}) {
  const { t } = useWidget();
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= end) {
        clearInterval(timer);
        onOver();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [end, onOver]);
  const [before, after] = t.waitFor.split('{clock}');
  return (
    <p className="section notice" role="status" part="wait">
      {reason ? `${reason} ` : ''}
      {before}
      <span aria-live="off">{clock(end - now)}</span>
      {after ?? ''}
    </p>
  );
}
