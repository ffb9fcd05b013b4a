/**
 * react-admin list queries (ra-data-simple-rest) for every admin resource: parse
 * `?sort=["created_at","DESC"]&range=[0,24]&filter={"q":"acme"}` (or the json-server form
 * `?_sort=created_at&_order=DESC&_start=0&_end=25&status=active`), apply it to a Kysely query against
 * a whitelist of sortable columns and declared filters, and answer with `Content-Range`.
 *
 * @example
 * // Declared once, beside the routes (defineList refuses unsafe column names at start-up):
 * const merchantList = defineList({
 *   resource: 'merchants',
 *   sortable: { id: 'id', business_name: 'business_name', created_at: 'created_at' },
 *   defaultSort: ['created_at', 'DESC'],
 *   filters: { q: { search: ['business_name', 'email'] }, status: { column: 'status' },
 *              id: { column: 'id' }, created_gte: { column: 'created_at', op: 'gte' } },
 * });
 * // In the list route's handler (responses: { 200: listResponse(MerchantSchema, 'Merchants') }), with
 * // the base query from the domain's repository (route files run no query themselves):
 * const rows = await listPage(c, merchantList, activeMerchants(deps.database.db)); // 400 on bad input
 * return c.json(rows.map(merchantToApi), 200);
 * // A caller that needs its own count or page uses parseListQuery, paginate and setListHeaders.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { AppError } from '../errors.ts';

export type SortOrder = 'ASC' | 'DESC';
export type FilterValue = string | number | boolean | null | Array<string | number | boolean>;

/** A declared filter: a column comparison, a free-text search over columns, or custom SQL. */
export type FilterSpec =
  | {
      column: string;
      /** Default 'eq' (an array value means IN). 'like' is a case-insensitive substring match. */
      op?: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like';
      /** How to coerce values (query-string values arrive as strings). 'flag' maps to 0/1. */
      type?: 'string' | 'number' | 'flag';
    }
  | { search: string[] }
  | { where: (value: FilterValue) => Expression<SqlBool> | null };

export interface ListSpec {
  /** The name in `Content-Range: {resource} 0-24/100`. */
  resource: string;
  /** API field name → SQL column. Only these may be sorted on. */
  sortable: Record<string, string>;
  defaultSort: [field: string, order: SortOrder];
  /** API filter name → how to apply it. Unknown filter names are refused with 400. */
  filters?: Record<string, FilterSpec>;
  /** Largest page served; a larger range is cut to it (Content-Range says so). Default MAX_PAGE_SIZE. */
  maxPageSize?: number;
  /** A tiebreaker column appended to every sort so pages are stable. Default 'id'. */
  tiebreaker?: string | null;
  /**
   * The table's row sequence (api/db/sequence.ts), ordered by before the tiebreaker: rows that tie
   * on the sort (made in the same millisecond) come in the order they were made, not by random id.
   */
  sequence?: string;
}

export interface ListQuery {
  spec: ListSpec;
  sort: { field: string; column: string; order: SortOrder };
  /** Offset of the first row and the page size. */
  start: number;
  limit: number;
  /** The filters to apply: validated names with their (coerced) values. */
  filter: Array<{ name: string; spec: FilterSpec; value: FilterValue }>;
}

export function defineList(spec: ListSpec): ListSpec {
  for (const [field, column] of Object.entries(spec.sortable)) assertIdentifier(column, `sortable.${field}`);
  if (!(spec.defaultSort[0] in spec.sortable)) throw new Error(`defaultSort field is not sortable`);
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    if ('column' in f) assertIdentifier(f.column, `filters.${name}`);
    if ('search' in f) f.search.forEach((c) => assertIdentifier(c, `filters.${name}`));
  }
  if (spec.tiebreaker) assertIdentifier(spec.tiebreaker, 'tiebreaker');
  if (spec.sequence) assertIdentifier(spec.sequence, 'sequence');
  return spec;
}

function assertIdentifier(column: string, where: string) {
  if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/i.test(column))
    throw new Error(`${where}: bad column ${column}`);
}

/**
 * The most rows one list request returns, whatever range it asks for: a larger range gets the first
 * MAX_PAGE_SIZE rows and a Content-Range that says so (`payments 0-499/12000`); page on for more.
 */
export const MAX_PAGE_SIZE = 500;

const RESERVED = new Set(['sort', 'range', 'filter', '_sort', '_order', '_start', '_end']);

function bad(field: string, message: string): never {
  throw new AppError('validation_failed', message, { field });
}

function parseJson(field: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return bad(field, `${field} must be JSON`);
  }
}

function parseOrder(field: string, raw: unknown): SortOrder {
  const order = String(raw ?? 'ASC').toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') bad(field, 'Sort order must be ASC or DESC');
  return order as SortOrder;
}

function nonNegativeInt(field: string, raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) bad(field, `${field} must be a non-negative integer`);
  return n;
}

function coerceScalar(name: string, spec: FilterSpec, value: unknown): string | number | boolean {
  if (value === null || typeof value === 'object') bad(`filter.${name}`, `Invalid value for filter ${name}`);
  const type = 'column' in spec ? (spec.type ?? 'string') : 'string';
  if (type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n)) bad(`filter.${name}`, `Filter ${name} must be a number`);
    return n;
  }
  if (type === 'flag') {
    if (value === true || value === 'true' || value === 1 || value === '1') return 1;
    if (value === false || value === 'false' || value === 0 || value === '0') return 0;
    bad(`filter.${name}`, `Filter ${name} must be true or false`);
  }
  return String(value as string | number | boolean);
}

function coerce(name: string, spec: FilterSpec, value: unknown): FilterValue {
  if ('where' in spec) return value as FilterValue;
  if (Array.isArray(value)) {
    if (!('column' in spec) || (spec.op ?? 'eq') !== 'eq')
      bad(`filter.${name}`, `Filter ${name} takes one value`);
    if (value.length > 1000) bad(`filter.${name}`, `Filter ${name} has too many values`);
    return value.map((v) => coerceScalar(name, spec, v));
  }
  return coerceScalar(name, spec, value);
}

/**
 * Parse a list request's query (`c.req.query()`). Throws AppError 400 `validation_failed` naming
 * the parameter for malformed JSON, an unknown sort field, an unknown filter or a bad range.
 */
export function parseListQuery(query: Record<string, string | undefined>, spec: ListSpec): ListQuery {
  const max = Math.min(spec.maxPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  let sortField = spec.defaultSort[0];
  let order = spec.defaultSort[1];
  let start = 0;
  let end = 24;
  // No prototype: a parameter named `toString` or `__proto__` is a name like any other (and unknown).
  const rawFilters: Record<string, unknown> = Object.create(null);

  if (query.sort !== undefined) {
    const sort = parseJson('sort', query.sort);
    if (!Array.isArray(sort) || typeof sort[0] !== 'string') bad('sort', 'sort must be ["field","ASC|DESC"]');
    sortField = sort[0];
    order = parseOrder('sort', sort[1]);
  } else if (query._sort !== undefined) {
    sortField = query._sort;
    order = parseOrder('_order', query._order);
  }
  if (query.range !== undefined) {
    const range = parseJson('range', query.range);
    if (!Array.isArray(range) || range.length !== 2) bad('range', 'range must be [start, end]');
    start = nonNegativeInt('range', range[0]);
    end = nonNegativeInt('range', range[1]);
  } else if (query._start !== undefined || query._end !== undefined) {
    start = nonNegativeInt('_start', query._start ?? 0);
    // json-server's _end is exclusive; simple-rest's range end is inclusive.
    end = nonNegativeInt('_end', query._end ?? start + 25) - 1;
  }
  if (end < start) bad('range', 'range end must not be before its start');
  if (query.filter !== undefined) {
    const filter = parseJson('filter', query.filter);
    if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
      bad('filter', 'filter must be an object');
    Object.assign(rawFilters, filter);
  }
  for (const [key, value] of Object.entries(query)) {
    if (!RESERVED.has(key) && value !== undefined) rawFilters[key] = value;
  }

  const column = Object.hasOwn(spec.sortable, sortField) ? spec.sortable[sortField] : undefined;
  if (!column) bad('sort', `Cannot sort by ${sortField}`);
  const filter: ListQuery['filter'] = [];
  for (const [name, value] of Object.entries(rawFilters)) {
    const f = spec.filters && Object.hasOwn(spec.filters, name) ? spec.filters[name] : undefined;
    if (!f) bad(`filter.${name}`, `Unknown filter: ${name}`);
    if (value === undefined || value === '') continue;
    filter.push({ name, spec: f, value: coerce(name, f, value) });
  }
  return {
    spec,
    sort: { field: sortField, column, order },
    start,
    limit: Math.min(end - start + 1, max),
    filter,
  };
}

function likePattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function filterExpression(f: ListQuery['filter'][number]): Expression<SqlBool> | null {
  const { spec, value } = f;
  if ('where' in spec) return spec.where(value);
  if ('search' in spec) {
    const pattern = likePattern(String(value));
    const parts = spec.search.map((c) => sql<SqlBool>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`);
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  }
  const ref = sql.ref(spec.column);
  if (Array.isArray(value)) {
    if (value.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`${ref} in (${sql.join(value)})`;
  }
  switch (spec.op ?? 'eq') {
    case 'eq':
      return value === null ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} = ${value}`;
    case 'ne':
      return sql<SqlBool>`${ref} <> ${value}`;
    case 'gt':
      return sql<SqlBool>`${ref} > ${value}`;
    case 'gte':
      return sql<SqlBool>`${ref} >= ${value}`;
    case 'lt':
      return sql<SqlBool>`${ref} < ${value}`;
    case 'lte':
      return sql<SqlBool>`${ref} <= ${value}`;
    case 'like':
      return sql<SqlBool>`lower(${ref}) like ${likePattern(String(value))} escape '\\'`;
  }
}

/** Add the list's filters to a query (for callers that build their own count or page). */
export function applyListFilters<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
): SelectQueryBuilder<DB, TB, O> {
  for (const f of list.filter) {
    const expr = filterExpression(f);
    if (expr) qb = qb.where(expr);
  }
  return qb;
}

/**
 * Run the filtered count and the sorted page. `base` is the select with its columns and any
 * conditions the caller always applies (e.g. `deleted_at is null`).
 */
export async function paginate<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
): Promise<{ rows: O[]; total: number }> {
  const filtered = applyListFilters(base, list);
  const countRow = await filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirst();
  const total = Number((countRow as { total?: number | string } | undefined)?.total ?? 0);
  const dir = list.sort.order === 'DESC' ? sql`desc` : sql`asc`;
  let page = filtered.clearOrderBy().orderBy(sql`${sql.ref(list.sort.column)} ${dir}`);
  const sequence = list.spec.sequence;
  if (sequence && sequence !== list.sort.column) page = page.orderBy(sql`${sql.ref(sequence)} ${dir}`);
  const tiebreaker = list.spec.tiebreaker === undefined ? 'id' : list.spec.tiebreaker;
  if (tiebreaker && tiebreaker !== list.sort.column) page = page.orderBy(sql`${sql.ref(tiebreaker)} ${dir}`);
  const rows = await page.limit(list.limit).offset(list.start).execute();
  return { rows, total };
}

/** `Content-Range: {resource} {start}-{end}/{total}` (+ X-Total-Count), exposed to scripts. */
export function setListHeaders(c: Context, list: ListQuery, count: number, total: number): void {
  const end = count > 0 ? list.start + count - 1 : list.start;
  c.header('Content-Range', `${list.spec.resource} ${list.start}-${end}/${total}`);
  c.header('X-Total-Count', String(total));
  c.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
}

/** The list parameters for OpenAPI route declarations: `request: { query: ListQueryParams }`. */
export const ListQueryParams = z
  .object({
    sort: z
      .string()
      .optional()
      .openapi({ example: '["created_at","DESC"]', description: '[field, ASC|DESC]' }),
    range: z
      .string()
      .optional()
      .openapi({
        example: '[0,24]',
        description: `[start, end], inclusive. At most ${MAX_PAGE_SIZE} rows per request: a larger range is cut to ${MAX_PAGE_SIZE} (Content-Range says which rows came).`,
      }),
    filter: z.string().optional().openapi({ example: '{}', description: 'JSON object of filters' }),
    _sort: z.string().optional(),
    _order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
    _start: z.string().optional(),
    _end: z
      .string()
      .optional()
      .openapi({ description: `Exclusive; at most ${MAX_PAGE_SIZE} rows per request` }),
  })
  .loose();

/** Response headers for OpenAPI declarations of list routes. */
export const listResponseHeaders = {
  'Content-Range': { description: 'e.g. `merchants 0-24/319`', schema: { type: 'string' as const } },
  'X-Total-Count': { description: 'Total rows matching the filter', schema: { type: 'string' as const } },
};

/** The 200 declaration of a list route: an array of `item` with the Content-Range headers. */
export const listResponse = <T extends z.ZodType>(item: T, description: string) => ({
  description,
  headers: listResponseHeaders,
  content: { 'application/json': { schema: z.array(item) } },
});

/**
 * The whole list handler body: parse the request's list query (400 on bad input), run the page and
 * the count on `base`, set Content-Range. Returns the page's rows.
 */
export async function listPage<DB, TB extends keyof DB, O>(
  c: Context,
  spec: ListSpec,
  base: SelectQueryBuilder<DB, TB, O>,
): Promise<O[]> {
  const list = parseListQuery(c.req.query(), spec);
  const { rows, total } = await paginate(base, list);
  setListHeaders(c, list, rows.length, total);
  return rows;
}

/**
 * A list limited to some merchants (a console member's, api/auth/access.ts `merchantScope`): rows
 * whose `column` is one of `merchantIds`, none when that is empty; `null` (an admin) leaves it whole.
 */
export function inMerchants<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  merchantIds: readonly string[] | null,
): SelectQueryBuilder<DB, TB, O> {
  if (!merchantIds) return query;
  if (!merchantIds.length) return query.where(sql<SqlBool>`1 = 0`);
  return query.where(sql.ref(column) as Expression<string>, 'in', merchantIds as string[]);
}
