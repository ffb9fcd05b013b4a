/**
 * Profiling aid, loaded into the server with `node --import` (bench/profile.ts does it with
 * SQL_TRACE=1): times every SQLite statement the process runs — better-sqlite3's statements share
 * one prototype, so wrapping its methods sees them all — and counts them by SQL text. SIGUSR2 starts
 * the count afresh (the measured window); at exit the counts go, as JSON, to SQL_TRACE_OUT.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const Database = require('better-sqlite3');
/** SQL text (whitespace folded) → [times run, µs in all]. */
let counts = new Map();
const add = (sql, started) => {
  const key = sql.replace(/\s+/g, ' ').trim();
  const entry = counts.get(key) ?? [0, 0];
  entry[0]++;
  entry[1] += Number(process.hrtime.bigint() - started) / 1000;
  counts.set(key, entry);
};
const probe = new Database(':memory:');
const statement = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all', 'iterate']) {
  const original = statement[method];
  statement[method] = function (...args) {
    const started = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      add(this.source, started);
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
