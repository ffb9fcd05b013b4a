/**
 * Invoice identity (DESIGN §3.3): an invoice is merchant + normalised invoice number + currency, so
 * the ways one number gets written — by the accounting tool, typed by a customer, pasted from a PDF —
 * name one invoice. The number is shown as first written; this key only identifies it.
 */

/** Zero-width and invisible formatting characters a copy-paste can carry into a number. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;

/** Unicode dashes and hyphens (U+2010–U+2015), the minus sign and their small/full-width forms. */
const DASHES = /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/g;

/**
 * The invoice number as the ledger identifies it: Unicode NFKC (full-width letters and digits become
 * ASCII), invisible characters removed, trimmed, every run of whitespace, dashes and hyphens inside
 * folded to one `-`, case-folded. Underscores, missing separators and other characters stay
 * significant.
 *
 * @example
 * invoiceNumberKey('INV-7'); // 'inv-7'
 * invoiceNumberKey(' inv-7 '); // 'inv-7'
 * invoiceNumberKey('ＩＮＶ－７'); // 'inv-7'
 * invoiceNumberKey('INV\u200B\u20137'); // 'inv-7'
 * invoiceNumberKey('inv 001'); // 'inv-001'
 */
export function invoiceNumberKey(invoiceNumber: string): string {
  const folded = invoiceNumber
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(DASHES, '-')
    .trim()
    // `inv 001`, `INV-001` and `INV - 001` are one invoice: every run of spaces or dashes inside is one `-`.
    .replace(/[\s-]+/g, '-')
    // Full case folding (ß → ss, ﬁ → fi, final sigma): upper-casing first, then lower-casing.
    .toUpperCase()
    .toLowerCase();
  // Case folding can produce characters NFKC would change again (rare); settle on one form.
  return folded.normalize('NFKC');
}
