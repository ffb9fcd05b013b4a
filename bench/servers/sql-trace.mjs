/**
 * Profiling aid, loaded into the server with `node --import` (bench/profile.ts does it with
 * SQL_TRACE=1): times every SQLite statement the process runs — better-sqlite3's statements share
 * one prototype, so wrapping its methods sees them all — and counts them by SQL text; a write run
 * outside a transaction (it commits alone) is counted apart, marked [autocommit]. SIGUSR2 starts
 * the count afresh (the measured window); at exit the counts go, as JSON, to SQL_TRACE_OUT.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const Database = require('better-sqlite3');
/** SQL text (whitespace folded) → [times run, µs in all]. */
let counts = new Map();
const add = (sql, started, autocommit = false) => {
  const key = (autocommit ? '[autocommit] ' : '') + sql.replace(/\s+/g, ' ').trim();
  const entry = counts.get(key) ?? [0, 0];
  entry[0]++;
  entry[1] += Number(process.hrtime.bigint() - started) / 1000;
  counts.set(key, entry);
};
const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release|pragma)\b/i;
const probe = new Database(':memory:');
const statement = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = statement[method];
  statement[method] = function (...args) {
    // A write outside a transaction commits on its own (with synchronous=FULL, an fsync of its own).
    const autocommit =
      !this.readonly && !this.database.inTransaction && !TRANSACTION_CONTROL.test(this.source);
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      add(this.source, started, autocommit);
    }
  };
}
const exec = Database.prototype.exec;
Database.prototype.exec = function (sql) {
  const started = process.hrtime.bigint();
  try {
    return exec.call(this, sql);
  } finally {
    add(sql, started);
  }
};
process.on('SIGUSR2', () => (counts = new Map()));
process.on('exit', () => {
  if (process.env.SQL_TRACE_OUT) writeFileSync(process.env.SQL_TRACE_OUT, JSON.stringify([...counts]));
});
