/**
 * `npm run dev`: the API server restarting on change (node --watch) plus Vite dev servers with hot
 * reload for the site (:5173) and the console (:5174), both proxying /api to the API server.
 * The widget is rebuilt on change into dist/widget. Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];
const run = (args: string[], env: Record<string, string> = {}) => {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
};

run(['--import', 'tsx', '--watch-path=api', '--watch-path=core', '--watch', 'api/main.ts']);
run(['node_modules/vite/bin/vite.js', '--config', 'site/vite.config.ts', '--port', '5173']);
run(['node_modules/vite/bin/vite.js', '--config', 'admin/vite.config.ts', '--port', '5174']);
run(['--import', 'tsx', '--watch-path=widget', '--watch-path=core', 'scripts/build.ts', 'widget']);

console.log('API http://localhost:8787  site http://localhost:5173  console http://localhost:5174/admin/');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
