/**
 * The sandbox's clock for bank debits: processing debits settle (succeed or fail) once their delay is
 * over, the way a bank answers days later. A timer sleeps until the next debit falls due (at least
 * 250 ms, at most 5 min, unref'd so it never holds the process open) and is woken by every new debit;
 * tests with a clock of their own call `settleDueDebits()` after moving it. Several processes may share
 * one sandbox database: settling locks the intent and re-checks it, so each debit settles once.
 */
import type { Logger } from '../../logger.ts';
import { settleDueDebits } from './bank-debits.ts';
import type { SandboxContext } from './context.ts';

const MIN_SLEEP_MS = 250;
const MAX_SLEEP_MS = 5 * 60 * 1000;

export class DebitSettlement {
  readonly #ctx: SandboxContext;
  readonly #logger: Logger;
  readonly #auto: boolean;
  readonly #settled: () => void;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> = Promise.resolve();
  #closed = false;

  /** `settled`: called after a run that settled something (its events are queued). */
  constructor(o: { ctx: SandboxContext; logger: Logger; auto: boolean; settled: () => void }) {
    this.#ctx = o.ctx;
    this.#logger = o.logger;
    this.#auto = o.auto;
    this.#settled = o.settled;
  }

  /** Look again soon (after a debit started, and at start for debits left processing). */
  kick(): void {
    if (this.#auto && !this.#closed) this.#sleep(0);
  }

  /** Settle what is due now; one run at a time. */
  settleDue(): Promise<{ settled: number; nextDueAt: number | null }> {
    const run = this.#running.then(() => settleDueDebits(this.#ctx));
    this.#running = run.catch(() => {});
    return run.then((r) => {
      if (r.settled > 0) this.#settled();
      return r;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #sleep(ms: number): void {
    if (this.#closed) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.settleDue().then(
        ({ nextDueAt }) => {
          if (nextDueAt === null || this.#closed) return;
          const wait = nextDueAt - this.#ctx.clock.now().getTime();
          this.#sleep(Math.min(Math.max(wait, MIN_SLEEP_MS), MAX_SLEEP_MS));
        },
        (err) => {
          if (this.#closed) return;
          this.#logger.warn({ err }, 'sandbox bank debit settlement failed; will retry');
          this.#sleep(MAX_SLEEP_MS / 10);
        },
      );
    }, ms);
    this.#timer.unref();
  }
}
