/**
 * Statements built and compiled once (Kysely's builder and compiler cost more than running a small
 * indexed statement): the ones every payment runs (README "Where queries live").
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './types.ts';

/**
 * A query whose SQL is built and compiled once per database (Kysely's builder and compiler cost
 * more than executing a small indexed read). `build` is called once with sentinel parameters; each
 * call then runs the same SQL with its own values in their places. The compiled query is kept per
 * dialect adapter, which a database shares with its transactions and connections, so a query run
 * inside a transaction is not compiled again for each one. Only for queries whose SQL does not
 * depend on the values (no lists of varying length, no optional clauses) and databases without
 * plugins.
 *
 * @example const byId = compiledOnce((db, p: { id: string }) => db.selectFrom('invoices').selectAll().where('id', '=', p.id));
 *          const rows = await byId(db, { id });
 */
export function compiledOnce<P extends Record<string, unknown>, R, DB = Database>(
  build: (db: Kysely<DB>, params: P) => { compile(): CompiledQuery<R> },
): (db: Kysely<DB>, params: P) => Promise<R[]> {
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; slots: (keyof P | null)[] }>();
  return async (db, params) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      const sentinels = new Map<unknown, keyof P>();
      const probe = {} as Record<string, string>;
      for (const key of Object.keys(params)) {
        probe[key] = `\u0000compiled-once:${key}:${crypto.randomUUID()}`;
        sentinels.set(probe[key], key);
      }
      const query = build(db, probe as unknown as P).compile();
      entry = { query, slots: query.parameters.map((v) => sentinels.get(v) ?? null) };
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((v, i) => (slots[i] === null ? v : params[slots[i]!]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}

/**
 * `compiledOnce` for a statement whose shape follows the keys it is given (an update of the columns
 * that changed): one compiled query per set of keys, up to `maxShapes` of them (beyond, built each
 * time). Keys whose value is undefined are left out, as Kysely leaves them out. Only for plain
 * values: a value that is an object (a `sql` expression) is built each time, like any query.
 *
 * @example const update = compiledPerShape((db, p: PaymentUpdate & { id: string }) => { const { id, ...set } = p; return db.updateTable('payments').set(set).where('id', '=', id); });
 */
export function compiledPerShape<P extends Record<string, unknown>, R, DB = Database>(
  build: (db: Kysely<DB>, params: P) => { compile(): CompiledQuery<R> },
  maxShapes = 64,
): (db: Kysely<DB>, params: P) => Promise<R[]> {
  const byShape = new Map<string, (db: Kysely<DB>, params: P) => Promise<R[]>>();
  return async (db, params) => {
    const defined = {} as Record<string, unknown>;
    let plain = true;
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      if (typeof value === 'object' && value !== null) plain = false;
      defined[key] = value;
    }
    const shape = Object.keys(defined).sort().join('\u0000');
    let run = byShape.get(shape);
    if (!run && plain && byShape.size < maxShapes) byShape.set(shape, (run = compiledOnce(build)));
    if (!run || !plain) return (await db.executeQuery(build(db, defined as P).compile())).rows;
    return run(db, defined as P);
  };
}
