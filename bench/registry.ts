/** Every registered benchmark, in run order (references before the ratios that divide by them). */
import type { Benchmark } from './harness.ts';
import { adminListPostgres, adminListSqlite } from './benchmarks/admin-list.ts';
import { bareJsonThroughput } from './benchmarks/bare-json.ts';
import { widgetEsmSize, widgetStandaloneSize } from './benchmarks/widget-size.ts';
import { payPageInteractive } from './benchmarks/pay-page.ts';

export const benchmarks: Benchmark[] = [widgetStandaloneSize, widgetEsmSize, bareJsonThroughput, payPageInteractive, adminListSqlite, adminListPostgres];
