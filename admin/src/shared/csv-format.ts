/**
 * The one CSV exporter of every console list: a header row and one row per record, RFC 4180
 * quoting, and every text cell that a spreadsheet would run as a formula neutralised (OWASP "CSV
 * Injection"): a cell starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`
 * and every text cell is quoted. A cell that is only a number (`-12.50`, `3`) is a number, not a
 * formula, and stays as it is so totals still add up.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell, ready for a CSV line. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (PLAIN_NUMBER.test(text)) return text;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A whole CSV document (CRLF line ends, as RFC 4180 and spreadsheets expect). */
export function toCsv(head: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  // Headers are our own column names: plain words, quoted only if one ever needs it.
  const header = head.map((h) => (/^[\w .]+$/.test(h) ? h : csvCell(h)));
  return [header, ...rows.map((r) => r.map(csvCell))].map((r) => r.join(',')).join('\r\n');
}
