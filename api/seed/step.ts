/** One named step of the demo seed (api/seed/demo.ts): each lives here, beside it, and calls the services of the domain it seeds (the seed is above every domain). */
import type { AppDeps } from '../context.ts';

export interface SeedStep {
  name: string;
  /** Creates the demo data; returns lines to print (once: e.g. a generated password). */
  run(deps: AppDeps): Promise<string[]>;
  /** Lines to print on every later start (e.g. the ready-to-pay link), once the step has run. */
  announce?(deps: AppDeps): Promise<string[]>;
}
