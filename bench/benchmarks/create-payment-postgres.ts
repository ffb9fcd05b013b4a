/**
 * The payment benchmark of create-payment.ts on PostgreSQL (DESIGN §9, issue 16): the same load —
 * quote + create-and-confirm over loopback, nine payments in ten to fresh invoices, one in ten to a
 * hot invoice that only three of them fit — against the real server with `DATABASE_URL` on
 * PostgreSQL (TEST_POSTGRES_URL, a fresh schema per run) and `WORKERS=1`, then `WORKERS=2`
 * (node:cluster, one port). The sandbox provider stays on its own SQLite file, shared by the
 * workers, as `npm start` runs it. Figures: payments/s with 1 and with 2 workers, their ratio, and
 * the overpaid invoices of both runs (must be 0; a ledger whose counters disagree with its payments
 * fails the benchmark outright).
 *
 * Without a reachable PostgreSQL the three figures are skipped with one line saying so (CI has one).
 */
import { createPostgresSchema, postgresReachable, TEST_POSTGRES_URL } from '../../tests/support/db.ts';
import { openPostgresLedger } from '../../tests/reliability/support/ledger-postgres.ts';
import { BenchSkipped, type BenchContext, type Benchmark } from '../harness.ts';
import { startAppServer } from '../servers/app-server.ts';
import { createPostgresMerchant } from '../servers/postgres-merchant.ts';
import { createSandboxTokens } from '../servers/sandbox-tokens.ts';
import { HOT_INVOICES, paymentLoad } from './payment-load.ts';

const HOT_ALLOWED = 3; // 3 × 300.00 ≤ 1,000.00 < 4 × 300.00

interface Run {
  perSecond: number;
  overpaid: number;
}

const runs = new WeakMap<Map<string, unknown>, Promise<{ one: Run; two: Run }>>();

function measureOnce(ctx: BenchContext) {
  let run = runs.get(ctx.results);
  if (!run) {
    run = (async () => {
      if (!(await postgresReachable()))
        throw new BenchSkipped(
          `PostgreSQL not reachable at ${TEST_POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} (set TEST_POSTGRES_URL)`,
        );
      return { one: await measure(ctx, 1), two: await measure(ctx, 2) };
    })();
    runs.set(ctx.results, run);
  }
  return run;
}

async function measure(ctx: BenchContext, workers: number): Promise<Run> {
  const schema = await createPostgresSchema();
  try {
    const server = await startAppServer({ env: { DATABASE_URL: schema.url, WORKERS: String(workers) } });
    try {
      if (workers > 1) await serving(server.output, workers);
      const merchant = await createPostgresMerchant(schema.url);
      const seconds = ctx.quick ? 1 : 10;
      const tokens = createSandboxTokens(server.dataDir, merchant.accountId, ctx.quick ? 8_000 : 60_000);
      const { counts, load, reset } = paymentLoad(server, merchant, tokens);
      if (!ctx.quick) await load(2); // warm-up
      reset();
      const result = await load(seconds);
      if (result.errors || counts.other.size)
        throw new Error(
          `${result.errors} transport errors; unexpected answers ${JSON.stringify([...counts.other])}`,
        );
      ctx.log(
        `payments (PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}): ${counts.confirmed} confirmed (${counts.quoted} quoted), ${counts.quoteRefused + counts.refused} refused (hot invoices full) in ${seconds} s; p99 ${result.latency.p99} ms`,
      );
      await server.stop({ keepData: true });
      return { perSecond: counts.confirmed / seconds, overpaid: await audit(schema.url, ctx) };
    } finally {
      await server.stop();
    }
  } finally {
    await schema.drop();
  }
}

/** Every worker serves (the primary prints its start-up lines once they all do). */
async function serving(output: () => string, workers: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!output().includes(`(${workers} workers)`)) {
    if (Date.now() > deadline) throw new Error(`${workers} workers not serving after 60 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function audit(url: string, ctx: BenchContext): Promise<number> {
  const ledger = await openPostgresLedger(url);
  try {
    const mismatches = await ledger.ledgerMismatches();
    if (mismatches.length)
      throw new Error(`ledger counters disagree with payments: ${JSON.stringify(mismatches.slice(0, 3))}`);
    const hot = await ledger.rows<{ invoice_number: string; n: number }>(
      `SELECT invoice_number, COUNT(*) AS n FROM payments WHERE invoice_number LIKE 'HOT-%' AND status IN ('pending', 'succeeded') GROUP BY invoice_number`,
    );
    const overHot = hot.filter((h) => h.n > HOT_ALLOWED).length;
    const overpaid = (await ledger.overpaidInvoices()).length;
    ctx.log(
      `payment audit (PostgreSQL): ${hot.length} of ${HOT_INVOICES} hot invoices paid, ${overpaid + overHot} overpaid`,
    );
    return overpaid + overHot;
  } finally {
    await ledger.close();
  }
}

export const createPaymentThroughputPostgres: Benchmark = {
  name: 'create-payment-throughput-postgres',
  unit: 'payments/s',
  budget: null,
  direction: 'min',
  description: 'quote + create-and-confirm over loopback on PostgreSQL, one process (WORKERS=1)',
  run: async (ctx) => (await measureOnce(ctx)).one.perSecond,
};

export const createPaymentThroughputPostgres2: Benchmark = {
  name: 'create-payment-throughput-postgres-2-workers',
  unit: 'payments/s',
  budget: null,
  direction: 'min',
  description: 'the same with two worker processes on one port and one PostgreSQL (WORKERS=2)',
  run: async (ctx) => (await measureOnce(ctx)).two.perSecond,
};

export const createPaymentPostgresWorkerRatio: Benchmark = {
  name: 'create-payment-postgres-2-vs-1-workers',
  unit: '×',
  budget: null,
  direction: 'min',
  description:
    'payments/s with 2 workers ÷ with 1 (same machine: the load generator and PostgreSQL share its cores)',
  run: async (ctx) => {
    const { one, two } = await measureOnce(ctx);
    return two.perSecond / one.perSecond;
  },
};

export const createPaymentOverpaymentsPostgres: Benchmark = {
  name: 'create-payment-overpayments-postgres',
  unit: 'invoices',
  budget: 0,
  direction: 'max',
  description: 'invoices paid or reserved past the link amount after both PostgreSQL runs (must be 0)',
  run: async (ctx) => {
    const { one, two } = await measureOnce(ctx);
    return one.overpaid + two.overpaid;
  },
};
