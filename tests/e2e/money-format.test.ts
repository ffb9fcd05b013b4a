/**
 * formatMoney's en-US path (core/money.ts) formats without Intl, so that the pay page's first render
 * does not wait for the browser to load its locale data. Here Chromium's own Intl is the reference:
 * every supported currency, every sample amount, the same text.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_CURRENCIES, minorUnitExponent } from '../../core/currencies.ts';
import { MONEY_FORMAT_SAMPLES } from '../../core/money-format-samples.ts';
import { formatMoney, fromMinorUnits } from '../../core/money.ts';
import { launchBrowser } from './support/browser.ts';

describe('money formatting without Intl', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("gives Chromium's en-US Intl text for every supported currency", async () => {
    const cases = SUPPORTED_CURRENCIES.flatMap((currency) =>
      MONEY_FORMAT_SAMPLES.map((minor) => ({
        currency,
        digits: minorUnitExponent(currency),
        decimal: fromMinorUnits(minor, currency),
        ours: formatMoney(minor, currency),
      })),
    );
    const page = await browser.newPage();
    const chromium = await page.evaluate(
      (all) =>
        all.map(({ currency, digits, decimal }) =>
          new Intl.NumberFormat('en-US', {
            style: 'currency',
            currency,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(decimal as unknown as number),
        ),
      cases,
    );
    await page.close();
    expect(cases.map((c) => `${c.currency} ${c.decimal}: ${c.ours}`)).toEqual(
      cases.map((c, i) => `${c.currency} ${c.decimal}: ${chromium[i]}`),
    );
  });
});
