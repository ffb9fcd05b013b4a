/**
 * The architecture rules in eslint.config.js, each shown to fail on a planted violation (and to pass
 * the same file written the allowed way), by linting text as if it were a file at that path: no
 * query or SQL in a route file; a route file never imports another; infrastructure never imports a
 * domain; browser code never imports the server. A rule that silently stopped matching fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
    ).toEqual([expect.stringMatching(/Payments never touch the invoices' repositories/)]);
    expect(
      await problems(
        file,
        "import { upsertObservation } from '../invoices/observations-repository.ts';\nexport const f = upsertObservation;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(file, "import { release } from '../invoices/holds.ts';\nexport const f = release;\n"),
    ).toEqual([]);
    // Nor does it call accounting's records or the merchant's webhooks: they listen to its events.
    expect(
      await problems(
        file,
        "import { enqueuePaymentSync } from '../accounting/enqueue.ts';\nexport const f = enqueuePaymentSync;\n",
      ),
    ).toEqual([expect.stringMatching(/Payments never call accounting or merchant webhooks/)]);
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
});
