/**
 * Local calendar dates in an IANA time zone. Accounting dates (a payment's date in Xero, QuickBooks
 * and the automation webhook) are the merchant's local date, not the UTC day: a payment at 08:30 in
 * Sydney on 1 July is 30 June 22:30 UTC, and belongs to the new financial year.
 *
 * @example localDate('2026-06-30T22:30:00.000Z', 'Australia/Sydney'); // '2026-07-01'
 * @example isTimeZone('Australia/Perth'); // true
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `name` is a time zone this runtime knows (IANA names such as Australia/Sydney, and UTC). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. Throws RangeError for an unknown zone or instant. */
export function localDate(instant: string | Date, timeZone: string): string {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a point in time: ${String(instant)}`);
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The calendar date `days` business days (Monday–Friday; public holidays are not known here) after
 * `date` (YYYY-MM-DD): when a bank debit submitted on `date` should have cleared. Throws RangeError
 * for a malformed date or a negative count.
 *
 * @example addBusinessDays('2026-11-20', 3); // '2026-11-25' (Friday → Wednesday)
 */
export function addBusinessDays(date: string, days: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || !Number.isInteger(days) || days < 0)
    throw new RangeError(`Bad date or day count: ${date}, ${days}`);
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a date: ${date}`);
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return at.toISOString().slice(0, 10);
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in milliseconds (Sydney in January: +11 h). */
function offsetAt(instant: number, timeZone: string): number {
  let f = clockFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (ISO, UTC) the calendar day `date` (YYYY-MM-DD) begins in `timeZone`: where a day of
 * the merchant's starts, for counting days in its zone (the dashboard's series). Across a DST change
 * the offset at the day's own start is used.
 *
 * @example startOfLocalDay('2026-12-08', 'Australia/Sydney'); // '2026-12-07T13:00:00.000Z'
 */
export function startOfLocalDay(date: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Twice: the offset at the first guess may differ from the offset at the day's start (DST).
  let instant = midnightUtc - offsetAt(midnightUtc, timeZone);
  instant = midnightUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The calendar date `days` before (negative: after) `date`, both YYYY-MM-DD. */
export function daysBefore(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - days * 86_400_000).toISOString().slice(0, 10);
}
