/**
 * What the server quoted for the payment details, above the Pay button ("Visa credit · surcharge
 * 2.95 % · Total A$1,286.88"), and the wait after too many declines, counting down every second.
 */
import { useEffect, useState } from 'react';
import { percentageFromBps } from '../../../core/money.ts';
import type { Quote } from '../lib/api.ts';
import type { Problem } from './usePayment.ts';

export function QuoteLine(props: {
  quote: Quote | null;
  quoting: boolean;
  problem: Problem | null;
  money(minor: number): string;
}) {
  const { quote, quoting, problem, money } = props;
  let text: string | null = null;
  if (quote) {
    const b = quote.breakdown;
    const surcharge =
      b.surchargeBps > 0 ? `surcharge ${percentageFromBps(b.surchargeBps)} %` : 'no surcharge';
    text = `${quote.paymentMethod.label} · ${surcharge} · Total ${money(b.total)}`;
  } else if (quoting) text = 'Checking the total for this card...';
  return (
    <div className="sec" part="quote" aria-live="polite">
      {text && <p className={quote ? 'qt' : 'm'}>{text}</p>}
      {!quote && !quoting && problem && problem.at !== 'card' && <p className="err">{problem.message}</p>}
      {!quote && !quoting && problem && problem.at === 'card' && <p className="m">{problem.message}</p>}
    </div>
  );
}

const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** "You can try again in 14:59", counting down; calls `onOver` when the time has come. */
export function WaitNotice({ until, onOver }: { until: string; onOver(): void }) {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= end) {
        clearInterval(timer);
        onOver();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [end, onOver]);
  return (
    <p className="sec n" role="status" part="wait">
      You can try again in <span aria-live="off">{clock(end - now)}</span>.
    </p>
  );
}
