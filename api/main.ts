/**
 * The server process: read config, open and migrate the database, run the demo seed (sandbox only),
 * serve the API and the built front ends on one port, and shut down gracefully on SIGTERM/SIGINT
 * (in-flight requests finish, then the database closes). With WORKERS=N (PostgreSQL) this process
 * becomes the primary of N such workers on the same port (cluster.ts).
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import { limitConnections, serverOptions } from './http/connections.ts';
import { createApp } from './app.ts';
import { ConfigError, loadServerConfig } from './config.ts';
import { systemClock, type AppDeps } from './context.ts';
import { openDatabase } from './db/database.ts';
import { redactUrl } from './db/redact-url.ts';
import { migrate } from './migrations.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail/create-mailer.ts';
import { startReservationSweeper } from './payments/lifecycle/expiry.ts';
import { createPaymentProvider } from './payment-providers.ts';
import { deliverInProcess } from './webhooks/in-process.ts';
import { resolveSecrets } from './secrets.ts';
import { systemResolveHost } from './net/resolve.ts';
import { startOutboxWorker } from './accounting/sync/worker.ts';
import { runDemoSeed } from './seed/demo.ts';
import { publishAtStart } from './widget-releases/store.ts';
import { listenOnPrimarySocket, portInUse, runPrimary, WORKER_ROLE, type WorkerMessage } from './cluster.ts';
import { createAppCaches } from './app-caches.ts';
import { startRetention } from './retention.ts';
import { backgroundSettled } from './background.ts';
import type { PostgresChangeBus } from './db/change-bus.ts';
import type { PaymentProvider } from './ports/payment-provider.ts';
import { enableMetrics, registry } from './metrics/metrics.ts';
import { reportMetricsToPrimary, startMetricsListener } from './metrics/serve.ts';
import { providerPausedFor } from './payments/providers/breaker.ts';
import { outboxBacklog } from './outbox/repository.ts';

export async function main(): Promise<void> {
  let config;
  try {
    config = loadServerConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  config = resolveSecrets(config);
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  // Alone, or the cluster's first worker: migrate and seed. The other workers start after it.
  const first = process.env[WORKER_ROLE] !== 'other';
  const fail = (message: string) => {
    console.error(message); // a worker shares the primary's output; the primary sees the exit code
    process.exit(1);
  };
  const logger = createLogger(config.logLevel);
  const database = openDatabase(config.databaseUrl, {
    ...config.database,
    onConnectionError: (err) =>
      logger.warn({ err: err.message }, 'database connection lost; the pool opens another'),
  });
  if (database.changes) (database.changes as PostgresChangeBus).logger = logger;
  try {
    if (first) await migrate(database);
  } catch (err) {
    return fail(`Could not open or migrate the database (${database.describe}): ${(err as Error).message}`);
  }
  const mailer = createMailer({ config, database, logger, clock: systemClock });
  // The sandbox hands its signed events to our own webhook handling in-process, once the app
  // exists (until then they wait).
  let depsMade: (deps: AppDeps) => void = () => {};
  const depsForWebhooks = new Promise<AppDeps>((resolve) => (depsMade = resolve));
  const measured = Boolean(config.metrics.token || config.metrics.port);
  let payments: PaymentProvider;
  try {
    payments = await createPaymentProvider(config, {
      logger,
      clock: systemClock,
      deliver: deliverInProcess(depsForWebhooks, logger),
    });
  } catch (err) {
    return fail(
      `Could not open the sandbox payments database (${redactUrl(config.sandboxDatabaseUrl)}): ${(err as Error).message}`,
    );
  }
  const deps: AppDeps = {
    config,
    database,
    logger,
    clock: systemClock,
    mailer,
    payments,
    resolveHost: systemResolveHost,
    caches: createAppCaches({ database, clock: systemClock, logger }),
  };
  if (measured) {
    // Before the app is made: its edge counts requests only when metrics are on (api/metrics).
    enableMetrics({
      outbox: () => outboxBacklog(database.db),
      pool: database.pool,
      paymentsPausedFor: () => providerPausedFor(payments),
      now: () => systemClock.now().getTime(),
    });
    if (cluster.isWorker) reportMetricsToPrimary();
    else if (config.metrics.port)
      startMetricsListener(
        config.metrics.host,
        config.metrics.port,
        () => registry.metrics(),
        (err) =>
          fail(`Could not serve metrics on ${config.metrics.host}:${config.metrics.port}: ${err.message}`),
      );
  }
  const seedLines = first ? await runDemoSeed(deps) : [];
  // This build's widget release joins the ones kept in the database (api/widget-releases/store.ts).
  if (first)
    await publishAtStart(deps).catch((err: Error) =>
      logger.error(
        { err: err.message },
        'could not publish the widget release; earlier ones are still served',
      ),
    );
  const app = createApp(deps);
  depsMade(deps); // once the app has wired its domains (api/wiring.ts): a payment's success is heard
  // Unconfirmed payment reservations expire after RESERVATION_TTL_MINUTES (DESIGN §3.4).
  const stopSweeper = startReservationSweeper(deps);
  // Tokens, invitations, idempotency records and mail past their retention (api/retention.ts).
  const stopRetention = startRetention(deps);
  // Accounting sync deliveries (webhook, Xero, QuickBooks); safe to run in every instance (leases).
  const outboxWorker = config.outbox.workerEnabled ? startOutboxWorker(deps) : null;

  const server = createAdaptorServer({
    fetch: app.fetch,
    serverOptions: serverOptions(config.connections),
  }) as HttpServer;
  // One client's idle connections cannot starve the rest (issue 30 item 10).
  limitConnections(server, config.connections);
  const serving = () => {
    const { port } = server.address() as AddressInfo;
    const base = config.publicBaseUrl;
    const lines = [
      `${config.productName} is running on port ${port} (${config.paymentsProvider} payments, ${database.describe})`,
      `  Site:      ${base}/`,
      `  Console:   ${base}/admin/`,
      `  Widget:    ${base}/widget/invoice-pay.js`,
      `  API docs:  ${base}/api/docs (OpenAPI: ${base}/api/openapi.json)`,
      ...seedLines.map((l) => `  ${l}`),
    ];
    if (cluster.isWorker) process.send?.({ type: 'ready', lines } satisfies WorkerMessage);
    else console.log(lines.join('\n'));
  };
  // A worker serves on the socket its primary bound (cluster.ts); alone, the process binds its own.
  if (cluster.isWorker) listenOnPrimarySocket(server, serving);
  else server.listen(config.port, config.host, serving);

  server.on('error', (err: NodeJS.ErrnoException) => {
    fail(err.code === 'EADDRINUSE' ? portInUse(config.port) : `Server error: ${err.message}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopSweeper();
    stopRetention();
    server.close(async () => {
      await outboxWorker?.stop();
      await payments.close();
      await backgroundSettled(deps); // mail the requests started beside their answers
      await database.close();
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
