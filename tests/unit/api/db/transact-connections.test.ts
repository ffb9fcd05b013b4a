/**
 * A lost database connection (issue 48): a transaction whose connection went away before its COMMIT
 * is run again (nothing of it was written); one lost during the COMMIT is not (it may have been
 * written), and its caller hears of it. The classification of connection errors.
 */
import { describe, expect, it } from 'vitest';
import { databaseUnavailable, isConnectionError, transact } from '../../../../api/db/transact.ts';

const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});

/** A stand-in for Kysely: `transaction().execute(work)` runs work, then "commits" through `commit`. */
function fakeDatabase(commit: () => Promise<void>) {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    database: {
      dialect: 'postgres' as const,
      db: {
        transaction: () => ({
          execute: async <T>(work: (trx: unknown) => Promise<T>) => {
            runs++;
            const result = await work({});
            await commit();
            return result;
          },
        }),
      } as never,
    },
  };
}

describe('transact and lost connections', () => {
  it('runs the work again when the connection was lost before the commit', async () => {
    const fake = fakeDatabase(async () => {});
    let calls = 0;
    const result = await transact(fake.database, async () => {
      calls++;
      if (calls < 3) throw terminated;
      return 'written';
    });
    expect(result).toBe('written');
    expect(calls).toBe(3);
  });

  it('never runs it again when the connection was lost during the commit', async () => {
    const fake = fakeDatabase(async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), {});
    });
    await expect(transact(fake.database, async () => 'maybe written')).rejects.toThrow(
      /Connection terminated/,
    );
    expect(fake.runs).toBe(1);
  });

  it('gives up after its tries, and never retries a statement’s own failure', async () => {
    const fake = fakeDatabase(async () => {});
    await expect(transact(fake.database, async () => Promise.reject(terminated), 2)).rejects.toBe(terminated);
    expect(fake.runs).toBe(2);
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    const other = fakeDatabase(async () => {});
    await expect(transact(other.database, async () => Promise.reject(unique))).rejects.toBe(unique);
    expect(other.runs).toBe(1);
  });

  it('tells connection errors from statement errors', () => {
    for (const err of [
      terminated,
      Object.assign(new Error('x'), { code: '08006' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
    ])
      expect(isConnectionError(err), err.message).toBe(true);
    for (const err of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('deadlock'), { code: '40P01' }),
      new Error('Invoice not found'),
      null,
      'text',
    ])
      expect(isConnectionError(err)).toBe(false);
    expect(
      databaseUnavailable(
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      ),
    ).toBe(true);
  });
});
