import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { isRetryableTransactionError, transact, TRANSACTION_TRIES } from '../../../../api/db/transact.ts';

/** A database whose transactions fail with the given errors first, then run the work. */
function failing(dialect: 'sqlite' | 'postgres', errors: unknown[]) {
  let calls = 0;
  const db = {
    transaction: () => ({
      execute: async (work: (trx: unknown) => Promise<unknown>) => {
        calls++;
        const err = errors.shift();
        if (err) throw err;
        return work('trx');
      },
    }),
  } as unknown as Kysely<unknown>;
  return { database: { db, dialect }, calls: () => calls };
}

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
const serialization = Object.assign(new Error('could not serialize access'), { code: '40001' });

describe('transact', () => {
  it('runs a PostgreSQL transaction aborted by a deadlock or a serialization failure again', async () => {
    const f = failing('postgres', [deadlock, serialization]);
    expect(await transact(f.database, async (trx) => `done in ${trx}`)).toBe('done in trx');
    expect(f.calls()).toBe(3);
  });

  it('gives up after its tries, and never retries other errors or SQLite', async () => {
    const many = failing(
      'postgres',
      Array.from({ length: 10 }, () => deadlock),
    );
    await expect(transact(many.database, async () => 1)).rejects.toBe(deadlock);
    expect(many.calls()).toBe(TRANSACTION_TRIES);
    const other = Object.assign(new Error('unique violation'), { code: '23505' });
    const once = failing('postgres', [other]);
    await expect(transact(once.database, async () => 1)).rejects.toBe(other);
    expect(once.calls()).toBe(1);
    const sqlite = failing('sqlite', [deadlock]);
    await expect(transact(sqlite.database, async () => 1)).rejects.toBe(deadlock);
    expect(sqlite.calls()).toBe(1);
    expect(isRetryableTransactionError(null)).toBe(false);
  });
});
