/**
 * `npm run reconcile -- --since 2026-12-01 [--record] [--json]`: the provider's intents since a date,
 * per connected account, against the ledger (api/payments/reconcile.ts) — what an operator runs
 * after restoring a backup. Prints one line per finding and a summary; `--record` applies the
 * provider's word where the ledger has the payment but not its outcome. Exit code 0 when the ledger
 * matches, 3 when something is listed, 1 or 2 when it could not run.
 */
import { parseArgs } from 'node:util';
import { createAppCaches } from './app-caches.ts';
import { ConfigError, loadConfig } from './config.ts';
import { systemClock, type AppDeps } from './context.ts';
import { openDatabase } from './db/database.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/create-mailer.ts';
import { migrate } from './migrations.ts';
import { systemResolveHost } from './net/resolve.ts';
import { createPaymentProvider } from './payment-providers.ts';
import { reconcile, type ReconcileFinding } from './payments/reconcile.ts';
import { resolveSecrets } from './secrets.ts';
import { wireDomains } from './wiring.ts';

const USAGE = 'Usage: npm run reconcile -- --since YYYY-MM-DD[THH:MM:SSZ] [--record] [--json]';

const WHAT: Record<ReconcileFinding['problem'], string> = {
  missing: 'charged at the provider, not in the ledger',
  status: "the ledger lacks the provider's outcome",
  amount: 'the ledger has another amount',
};

export async function runReconcile(
  argv: string[],
  env: Record<string, string | undefined>,
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  let values: { since?: string; record?: boolean; json?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { since: { type: 'string' }, record: { type: 'boolean' }, json: { type: 'boolean' } },
    }));
  } catch (err) {
    out.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const since = values.since ? new Date(values.since) : null;
  if (!since || Number.isNaN(since.getTime())) {
    out.error(`A valid --since date is required.\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = resolveSecrets(loadConfig(env));
  } catch (err) {
    out.error(err instanceof ConfigError ? err.message : String(err));
    return 1;
  }
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const database = openDatabase(config.databaseUrl, config.database);
  // The sandbox's own events wait for the server (which delivers them); none is delivered from here.
  const payments = await createPaymentProvider(config, {
    logger,
    clock: systemClock,
    autoDeliver: false,
    deliver: async () => 503,
  });
  try {
    await migrate(database);
    wireDomains(); // a recorded outcome is heard by accounting and merchant webhooks, as in the server
    const deps: AppDeps = {
      config,
      database,
      logger,
      clock: systemClock,
      mailer: createMailer({ config, database, logger, clock: systemClock }),
      payments,
      resolveHost: systemResolveHost,
      caches: createAppCaches({ database, clock: systemClock, logger }),
    };
    const report = await reconcile(deps, since, { record: values.record });
    if (values.json) out.log(JSON.stringify(report, null, 2));
    else {
      for (const f of report.findings)
        out.log(
          [
            f.problem.padEnd(7),
            f.intentId,
            f.accountId,
            `${f.providerStatus} ${(f.amount / 100).toFixed(2)} ${f.currency}`,
            f.created,
            `payment ${f.ledger?.paymentId ?? f.paymentId ?? '?'}`,
            `invoice ${f.invoiceNumber ?? '?'}`,
            f.ledger
              ? `ledger: ${f.ledger.status} ${(f.ledger.totalAmount / 100).toFixed(2)}`
              : 'ledger: none',
            f.recorded ? 'RECORDED' : WHAT[f.problem],
          ].join('  '),
        );
      out.log(
        `${report.findings.length} finding(s) in ${report.intents} intent(s) on ${report.accounts} account(s) since ${report.since} (${database.describe}, ${payments.mode} provider)`,
      );
    }
    return report.findings.length ? 3 : 0;
  } catch (err) {
    out.error(`Could not reconcile: ${(err as Error).message}`);
    return 1;
  } finally {
    await payments.close();
    await database.close();
  }
}
