/** Every registered benchmark, in run order (references before the ratios that divide by them). */
import type { Benchmark } from './harness.ts';
import { bareJsonThroughput } from './benchmarks/bare-json.ts';
import { widgetEsmSize, widgetStandaloneSize } from './benchmarks/widget-size.ts';

export const benchmarks: Benchmark[] = [widgetStandaloneSize, widgetEsmSize, bareJsonThroughput];
