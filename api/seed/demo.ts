/**
 * The demo seed: what `npm start` puts in a new database so the product can be tried at once.
 * It is a list of named steps; each runs once per database (recorded in app_meta), so a step added
 * later runs on existing demo databases too. It runs only in sandbox mode or with SEED_DEMO=1, and
 * never with live Stripe keys. Each step returns lines to print (credentials, ready-to-pay links).
 */
import { sql } from 'kysely';
import type { AppDeps } from '../context.ts';
import { adminSeedStep } from './admin.ts';
import { blogSeedStep } from './blog-post.ts';
import { getMeta, setMeta } from '../db/meta.ts';
import { demoMerchantSeedStep } from './demo-merchant.ts';
import type { SeedStep } from './step.ts';

/** The steps, in order (admin user, blog post, demo merchant); a new one is a file of this folder. */
export const demoSeedSteps: SeedStep[] = [adminSeedStep, blogSeedStep, demoMerchantSeedStep];

export function demoSeedAllowed(config: AppDeps['config']): boolean {
  const liveKeys = Boolean(
    config.stripe.secretKey?.startsWith('sk_live_') || config.stripe.secretKey?.startsWith('rk_live_'),
  );
  if (liveKeys) return false;
  return config.paymentsProvider === 'sandbox' || config.seedDemo;
}

/**
 * Run every step not yet run on this database; returns the lines to print. On PostgreSQL several
 * processes may start together on an empty database (two hosts, a deploy): one seeds while holding
 * an advisory lock, the others wait for it and then find every step done (one demo merchant, one
 * admin password). SQLite is the one-process set-up.
 */
export async function runDemoSeed(deps: AppDeps, steps: SeedStep[] = demoSeedSteps): Promise<string[]> {
  if (!demoSeedAllowed(deps.config)) return [];
  if (deps.database.dialect !== 'postgres') return seedSteps(deps, steps);
  // The lock is held by a transaction of its own for as long as the steps (on other connections) run.
  return deps.database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx); // the wait for another process's seed
    await sql`SELECT pg_advisory_xact_lock(7231002)`.execute(trx);
    return seedSteps(deps, steps);
  });
}

async function seedSteps(deps: AppDeps, steps: SeedStep[]): Promise<string[]> {
  const done = new Set<string>(JSON.parse((await getMeta(deps.database.db, 'demo_seed')) ?? '[]'));
  const lines: string[] = [];
  for (const step of steps) {
    if (done.has(step.name)) {
      if (step.announce) lines.push(...(await step.announce(deps)));
      continue;
    }
    lines.push(...(await step.run(deps)));
    done.add(step.name);
    await setMeta(deps.database.db, 'demo_seed', JSON.stringify([...done]));
  }
  return lines;
}
