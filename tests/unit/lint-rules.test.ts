/**
 * The architecture rules in eslint.config.js, each shown to fail on a planted violation (and to pass
 * the same file written the allowed way), by linting text as if it were a file at that path: no
 * query or SQL in a route file; a route file never imports another; domains import only domains of
 * a lower layer; infrastructure and the shared top-level files never import a domain; browser code
 * never imports the server. A rule that silently stopped matching fails here.
 */
import { readdirSync, statSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { COMPOSITION, DOMAIN_LAYERS, INFRASTRUCTURE, SHARED_TOP_LEVEL } from '../../eslint.config.js';

const eslint = new ESLint({ cwd: process.cwd() });
/** Where a planted file would be (no such file exists: its text is linted as if it did). */
const at = (folder: string, file: string) => `${folder}/${file}`;

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('architecture lint rules', () => {
  it('refuses a query, a transaction or raw SQL in a route file', async () => {
    const route = at('api/health', 'planted-routes.ts');
    expect(
      await problems(
        route,
        "export const f = (db: any) => db.selectFrom('payments').selectAll().execute();\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: No queries or transactions in a route file/)]);
    expect(await problems(route, 'export const f = (db: any) => db.transaction();\n')).toHaveLength(1);
    expect(
      await problems(
        route,
        "import { sql } from 'kysely';\nexport const f = (db: any) => sql`SELECT 1`.execute(db);\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: No SQL in a route file/)]);
    expect(
      await problems(route, "import { sql } from 'kysely';\nexport const f = () => sql.raw('SELECT 1');\n"),
    ).toHaveLength(1);
    // Calling a repository function is what a route does.
    expect(
      await problems(
        route,
        "import { databaseAnswers } from './repository.ts';\nexport const f = databaseAnswers;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a route file importing another route file', async () => {
    expect(
      await problems(
        at('api/payments', 'planted-routes.ts'),
        "import { adminPaymentRoutes } from './admin-routes.ts';\nexport const r = adminPaymentRoutes;\n",
      ),
    ).toEqual([expect.stringMatching(/A route file never imports another route file/)]);
  });

  it("refuses payments reaching into the invoices' repositories, accounting's records or the merchant's webhooks", async () => {
    const file = at('api/payments', 'planted.ts');
    expect(
      await problems(
        file,
        "import { adjustInvoice } from '../invoices/repository.ts';\nexport const f = adjustInvoice;\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /A domain's tables are its own: payments does not import another domain's repository/,
      ),
    ]);
    expect(
      await problems(
        file,
        "import { upsertObservation } from '../invoices/observations-repository.ts';\nexport const f = upsertObservation;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(file, "import { release } from '../invoices/holds.ts';\nexport const f = release;\n"),
    ).toEqual([]);
    // From one of payments' own sub-folders too.
    expect(
      await problems(
        at('api/payments/create', 'planted.ts'),
        "import { adjustInvoice } from '../../invoices/repository.ts';\nexport const f = adjustInvoice;\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /A domain's tables are its own: payments does not import another domain's repository/,
      ),
    ]);
    // Nor does it call accounting's records or the merchant's webhooks (the domain order): they listen.
    expect(
      await problems(
        file,
        "import { enqueuePaymentSync } from '../accounting/enqueue.ts';\nexport const f = enqueuePaymentSync;\n",
      ),
    ).toEqual([
      expect.stringMatching(/Domains call one way .*payments does not import a domain of its layer or above/),
    ]);
    expect(
      await problems(
        file,
        "import { notifyPaymentFailed } from '../merchant-webhooks/notify.ts';\nexport const f = notifyPaymentFailed;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(file, "import { announce } from './events.ts';\nexport const f = announce;\n"),
    ).toEqual([]);
    // A payments route file keeps the route rule too.
    expect(
      await problems(
        at('api/payments', 'planted-routes.ts'),
        "import { adminPaymentRoutes } from './admin-routes.ts';\nexport const r = adminPaymentRoutes;\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a domain importing one of its own layer or above, at any depth, and allows one below', async () => {
    const refused = /^@typescript-eslint\/no-restricted-imports: .*Domains call one way/;
    // Upward: invoices are below payments, accounting above both, merchants below invoices.
    expect(
      await problems(
        at('api/invoices', 'planted.ts'),
        "import { findPayment } from '../payments/rows.ts';\nexport const f = findPayment;\n",
      ),
    ).toEqual([expect.stringMatching(refused)]);
    expect(
      await problems(
        at('api/merchants', 'planted.ts'),
        "import { invoiceEvents } from '../invoices/events.ts';\nexport const f = invoiceEvents;\n",
      ),
    ).toEqual([expect.stringMatching(refused)]);
    // From a sub-folder (auth/api-keys) the path climbs twice; the rule still sees it.
    expect(
      await problems(
        at('api/auth/api-keys', 'planted.ts'),
        "import { findMerchantById } from '../../merchants/rows.ts';\nexport const f = findMerchantById;\n",
      ),
    ).toEqual([expect.stringMatching(refused)]);
    // Sideways, within one layer: merchant webhooks and provider webhooks are siblings.
    expect(
      await problems(
        at('api/merchant-webhooks', 'planted.ts'),
        "import { handleEvent } from '../webhooks/service.ts';\nexport const f = handleEvent;\n",
      ),
    ).toEqual([expect.stringMatching(refused)]);
    // Downward is the allowed direction: accounting reads payments, payments move the ledger.
    expect(
      await problems(
        at('api/accounting', 'planted.ts'),
        "import { findPayment } from '../payments/rows.ts';\nexport const f = findPayment;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        at('api/payments', 'planted.ts'),
        "import { reserve } from '../invoices/holds.ts';\nexport const f = reserve;\n",
      ),
    ).toEqual([]);
    // A route file of a domain keeps the route rule beside the domain order.
    expect(
      await problems(
        at('api/invoices', 'planted-routes.ts'),
        "import { adminInvoiceRoutes } from './admin-routes.ts';\nimport { findPayment } from '../payments/rows.ts';\nexport const r = [adminInvoiceRoutes, findPayment];\n",
      ),
    ).toHaveLength(2);
  });

  it("refuses a domain importing another domain's repository, even one below it, and allows its own", async () => {
    const refused = /A domain's tables are its own: accounting does not import another domain's repository/;
    expect(
      await problems(
        at('api/accounting', 'planted.ts'),
        "import { findPayment } from '../payments/repository.ts';\nexport const f = findPayment;\n",
      ),
    ).toEqual([expect.stringMatching(refused)]);
    // From a sub-folder, into one of the other domain's sub-folders.
    expect(
      await problems(
        at('api/accounting/sync', 'planted.ts'),
        "import { findRefund } from '../../payments/refunds/refunds-repository.ts';\nexport const f = findRefund;\n",
      ),
    ).toEqual([expect.stringMatching(refused)]);
    expect(
      await problems(
        at('api/accounting/sync', 'planted.ts'),
        "import { insertEntry } from '../repository.ts';\nimport { liveJobsOfPayment } from '../../outbox/repository.ts';\nexport const f = [insertEntry, liveJobsOfPayment];\n",
      ),
    ).toEqual([]);
  });

  it('refuses the files every layer shares (app dependencies, caches, announcer) importing a domain', async () => {
    expect(
      await problems(
        at('api', 'context.ts'),
        "import type { PaymentProvider } from './payments/providers/stripe.ts';\nexport type P = PaymentProvider;\n",
      ),
    ).toEqual([expect.stringMatching(/The files every layer shares .* never import a domain/)]);
    expect(
      await problems(
        at('api', 'context.ts'),
        "import type { PaymentProvider } from './ports/payment-provider.ts';\nexport type P = PaymentProvider;\n",
      ),
    ).toEqual([]);
    // Composition does: the wiring names who listens to whom.
    expect(
      await problems(
        at('api', 'wiring.ts'),
        "import { listenToPayments } from './payments/events.ts';\nexport const f = listenToPayments;\n",
      ),
    ).toEqual([]);
  });

  it('refuses infrastructure importing a domain', async () => {
    expect(
      await problems(
        at('api/outbox', 'planted.ts'),
        "import { findPayment } from '../payments/repository.ts';\nexport const f = findPayment;\n",
      ),
    ).toEqual([expect.stringMatching(/Infrastructure never imports a domain/)]);
    expect(
      await problems(
        at('api/outbox', 'planted.ts'),
        "import { nextSeq } from '../db/sequence.ts';\nexport const f = nextSeq;\n",
      ),
    ).toEqual([]);
  });

  it('refuses browser code importing the server', async () => {
    expect(
      await problems(
        at('admin/src', 'planted.ts'),
        "import { fromMinorUnits } from '../../api/payments/amounts.ts';\nexport const f = fromMinorUnits;\n",
      ),
    ).toEqual([expect.stringMatching(/Browser code never imports the server/)]);
  });

  it('places every api/ folder in a layer and every top-level file as shared or composition, so no rule misses one', () => {
    const folders = readdirSync('api').filter((name) => statSync(`api/${name}`).isDirectory());
    const placed = [...DOMAIN_LAYERS.flat(), ...INFRASTRUCTURE];
    expect(folders.filter((f) => !placed.includes(f))).toEqual([]);
    expect(placed.filter((f) => !folders.includes(f))).toEqual([]);
    const files = readdirSync('api').filter((name) => name.endsWith('.ts'));
    expect(files.filter((f) => !SHARED_TOP_LEVEL.includes(f) && !COMPOSITION.includes(f))).toEqual([]);
  });

  it('refuses infrastructure, the shared files and the domains importing the composition', async () => {
    expect(
      await problems(
        at('api/http', 'planted.ts'),
        "import { wireDomains } from '../wiring.ts';\nexport const f = wireDomains;\n",
      ),
    ).toEqual([expect.stringMatching(/Infrastructure never imports a domain \(nor the composition/)]);
    expect(
      await problems(
        at('api', 'errors.ts'),
        "import { createApp } from './app.ts';\nexport const f = createApp;\n",
      ),
    ).toEqual([expect.stringMatching(/The files every layer shares .* \(nor the composition/)]);
    expect(
      await problems(
        at('api/payments/create', 'planted.ts'),
        "import { createPaymentProvider } from '../../payment-providers.ts';\nexport const f = createPaymentProvider;\n",
      ),
    ).toEqual([expect.stringMatching(/Domains call one way .*nor the composition/)]);
  });
});
