/** Every registered benchmark, in run order (references before the ratios that divide by them). */
import type { Benchmark } from './harness.ts';
import { adminListPostgres, adminListSqlite } from './benchmarks/admin-list.ts';
import { bareJsonThroughput } from './benchmarks/bare-json.ts';
import { widgetEsmSize, widgetFlowSize, widgetLoaderSize } from './benchmarks/widget-size.ts';
import { hostPageTbtBelowFold } from './benchmarks/host-page.ts';
import { payPageInteractive, payPageInteractiveMs } from './benchmarks/pay-page.ts';
import { paySessionRatio } from './benchmarks/pay-session.ts';
import {
  createPaymentOverpayments,
  createPaymentPerBareJson,
  createPaymentThroughput,
} from './benchmarks/create-payment.ts';
import {
  createPaymentOverpaymentsPostgres,
  createPaymentPostgresWorkerRatio,
  createPaymentThroughputPostgres,
  createPaymentThroughputPostgres2,
} from './benchmarks/create-payment-postgres.ts';
import { landingLcp, landingTbt } from './benchmarks/landing.ts';
import { mixedLoadErrorRate, mixedLoadP99, mixedLoadRssGrowth } from './benchmarks/mixed-load.ts';
import { serverRssUnderLoad } from './benchmarks/rss.ts';
import { floodRss } from './benchmarks/flood.ts';

export const benchmarks: Benchmark[] = [
  widgetLoaderSize,
  widgetFlowSize,
  widgetEsmSize,
  bareJsonThroughput,
  paySessionRatio,
  createPaymentThroughput,
  createPaymentPerBareJson,
  createPaymentOverpayments,
  createPaymentThroughputPostgres,
  createPaymentThroughputPostgres2,
  createPaymentPostgresWorkerRatio,
  createPaymentOverpaymentsPostgres,
  payPageInteractive,
  payPageInteractiveMs,
  hostPageTbtBelowFold,
  landingLcp,
  landingTbt,
  adminListSqlite,
  adminListPostgres,
  mixedLoadErrorRate,
  mixedLoadP99,
  mixedLoadRssGrowth,
  serverRssUnderLoad,
  floodRss,
];
