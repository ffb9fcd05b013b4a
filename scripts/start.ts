/**
 * `npm start`: on a fresh clone, builds whatever front end is missing and bundles the server (always:
 * it takes a fraction of a second, and a stale bundle must never run), then runs the server as plain
 * JavaScript in its own process with the flags of server-flags.ts (it migrates the database, runs the
 * demo seed in sandbox mode and prints the URLs; with WORKERS=N it starts N workers). Signals are
 * passed on; this process exits with the server's code. `npm start` runs it with `exec`, so npm's own
 * SIGTERM/SIGINT reach it (a shell in between passed them to no one, and the server was left holding
 * the port); a parent that dies without a word (npm killed outright) stops the server too.
 */
import { spawn } from 'node:child_process';
import { buildSurfaces, missingSurfaces } from './build-lib.ts';
import { buildServer } from './build-server.ts';
import { serverNodeFlags } from './server-flags.ts';

const missing = missingSurfaces();
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start)…`);
  await buildSurfaces(missing);
}
const server = spawn(process.execPath, [...serverNodeFlags(), await buildServer()], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM'); // orphaned: we were adopted by another process
}, 1_000).unref();
