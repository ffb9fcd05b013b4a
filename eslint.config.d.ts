// The architecture lists eslint.config.js exports beside its config, for tests/unit/lint-rules.test.ts.
import type { Linter } from 'eslint';

export const DOMAIN_LAYERS: string[][];
export const INFRASTRUCTURE: string[];
export const SHARED_TOP_LEVEL: string[];
export const COMPOSITION: string[];
declare const config: Linter.Config[];
export default config;
