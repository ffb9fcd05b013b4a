/**
 * Projects made as an agency makes them, for the e2e tests of the examples and the console's embed
 * codes: a copy of an example (or a fresh folder with the given files), `invoice-pay` installed from
 * the tarball URL its package.json names — fetched from the test server and unpacked as npm would,
 * every other package linked to this repository's node_modules (offline) —, and Node tools run in it.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

const temps: string[] = [];

/** Remove every folder made here (afterAll). */
export function removeProjects(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A copy of the example (without installed or built files), using this repository's node_modules. */
export function copyExample(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `invoicepay-example-${name}-`));
  temps.push(dir);
  cpSync(`examples/${name}`, dir, {
    recursive: true,
    filter: (src) =>
      !/[\\/](node_modules|dist|vendor)([\\/]|$)/.test(src.slice(resolve('examples', name).length)),
  });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The URL the examples' package.json installs `invoice-pay` from (the agency's server instead). */
export const PACKAGE_URL = 'https://pay.example.com/widget/invoice-pay.tgz';

/**
 * `npm install` of the app's `invoice-pay` dependency as npm installs a tarball URL: the tarball
 * downloaded from the test server's `/widget/invoice-pay.tgz` (the URL package.json names, on this
 * server) and its `package/` folder unpacked as node_modules/invoice-pay; every other package links
 * to this repository's node_modules (no registry, no shared folder written) — or, for the packages
 * in `overrides` (a node_modules folder, e.g. React 18's), to that folder's.
 */
export async function installPackageTarball(server: RunningServer, dir: string, overrides?: string) {
  const declared = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies?.['invoice-pay'];
  expect(declared).toBe(PACKAGE_URL);
  const answer = await fetch(PACKAGE_URL.replace('https://pay.example.com', server.baseUrl));
  expect(answer.status).toBe(200);
  const unpacked = mkdtempSync(join(tmpdir(), 'invoicepay-tarball-'));
  temps.push(unpacked);
  writeFileSync(join(unpacked, 'invoice-pay.tgz'), Buffer.from(await answer.arrayBuffer()));
  const modules = join(dir, 'node_modules');
  rmSync(modules, { recursive: true, force: true });
  mkdirSync(join(modules, '@types'), { recursive: true });
  const link = (root: string, name: string) => {
    rmSync(join(modules, name), { recursive: true, force: true });
    symlinkSync(join(root, name), join(modules, name));
  };
  for (const root of [resolve('node_modules'), ...(overrides ? [resolve(overrides)] : [])])
    for (const entry of readdirSync(root)) {
      if (entry === 'invoice-pay' || entry.startsWith('.')) continue;
      if (entry === '@types') for (const t of readdirSync(join(root, '@types'))) link(root, `@types/${t}`);
      else link(root, entry);
    }
  const tar = spawnSync('tar', ['-xzf', join(unpacked, 'invoice-pay.tgz'), '-C', unpacked]);
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  renameSync(join(unpacked, 'package'), join(modules, 'invoice-pay'));
}

/** A fresh project folder with these files (and a package.json that installs the package). */
export function freshProject(name: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), `invoicepay-${name}-`));
  temps.push(dir);
  const pkg = { name, private: true, type: 'module', dependencies: { 'invoice-pay': PACKAGE_URL } };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export function run(dir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export const viteBuild = (dir: string, env: Record<string, string>) =>
  run(
    dir,
    [
      join(dir, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      join(dir, 'dist'),
    ],
    env,
  );

/** An empty temporary folder, removed with the projects. */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `invoicepay-${name}-`));
  temps.push(dir);
  return dir;
}
