/**
 * The published declarations (widget/types/index.d.ts, self-contained for npm users) and the ES
 * module's real exports agree: the event detail and the React props are written once, in the
 * declarations, and the source imports them (widget/src/lib/events.ts, react/InvoicePay.ts); these
 * assertions make `npm run typecheck` fail when an export's real signature drifts from its
 * declared one. The run-time half reads what the module exports by name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as Declared from '../../widget/types/index.d.ts';
import type * as Esm from '../../widget/src/esm.ts';
import type { eventDetail } from '../../widget/src/lib/events.ts';

describe('widget/types/index.d.ts against the source', () => {
  it('declares the functions the ES module exports, with their real signatures', () => {
    expectTypeOf<typeof Esm.defineInvoicePay>().toEqualTypeOf<typeof Declared.defineInvoicePay>();
    expectTypeOf<Parameters<typeof Esm.InvoicePay>>().toEqualTypeOf<Parameters<typeof Declared.InvoicePay>>();
    expectTypeOf<ReturnType<typeof Esm.InvoicePay>>().toMatchTypeOf<ReturnType<typeof Declared.InvoicePay>>();
    expectTypeOf<ReturnType<typeof eventDetail>>().toEqualTypeOf<Declared.InvoicePayEventDetail>();
    expectTypeOf<Esm.InvoicePayEventName>().toEqualTypeOf<Declared.InvoicePayEventName>();
  });

  it('declares every value the ES modules export, and no other', () => {
    const valueExports = (source: string, pattern: RegExp) =>
      [...source.matchAll(pattern)].map((m) => m[1]).sort();
    const declaredIn = (file: string) =>
      valueExports(readFileSync(file, 'utf8'), /^export declare (?:function|const) (\w+)/gm);
    const exportedBy = (file: string) => {
      const source = readFileSync(file, 'utf8');
      return [
        ...valueExports(source, /^export function (\w+)/gm),
        ...valueExports(source, /^export \{ (\w+)(?:,|\s\})/gm),
      ].sort();
    };
    // invoice-pay (React): index.d.ts and the element declarations it re-exports.
    expect(exportedBy('widget/src/esm.ts')).toEqual(
      [...declaredIn('widget/types/index.d.ts'), ...declaredIn('widget/types/element.d.ts')].sort(),
    );
    // invoice-pay/element: element.d.ts alone.
    expect(exportedBy('widget/src/element-module.ts')).toEqual(declaredIn('widget/types/element.d.ts'));
  });
});
