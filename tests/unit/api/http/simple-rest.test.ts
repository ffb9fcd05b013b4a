/**
 * The react-admin list-query parser shared by every admin resource: both query dialects, the sort
 * whitelist, declared filters with coercion, page bounds, and 400s naming the parameter; the SQL
 * the filters add and the Content-Range answer.
 */
import { Hono } from 'hono';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../api/errors.ts';
import {
  applyListFilters,
  defineList,
  parseListQuery,
  setListHeaders,
} from '../../../../api/http/simple-rest.ts';

const spec = defineList({
  resource: 'merchants',
  sortable: { id: 'id', business_name: 'business_name', created_at: 'created_at' },
  defaultSort: ['created_at', 'DESC'],
  filters: {
    q: { search: ['business_name', 'email'] },
    id: { column: 'id' },
    status: { column: 'status' },
    surcharge_enabled: { column: 'surcharge_enabled', type: 'flag' },
    amount_gte: { column: 'amount', op: 'gte', type: 'number' },
  },
  maxPageSize: 100,
});

function error(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('parseListQuery', () => {
  it('defaults to the first page of 25 with the default sort', () => {
    const list = parseListQuery({}, spec);
    expect(list).toMatchObject({
      sort: { field: 'created_at', column: 'created_at', order: 'DESC' },
      start: 0,
      limit: 25,
      filter: [],
    });
  });

  it('reads ra-data-simple-rest parameters', () => {
    const list = parseListQuery(
      {
        sort: '["business_name","ASC"]',
        range: '[50,74]',
        filter: '{"q":"acme","id":["a","b"],"surcharge_enabled":true}',
      },
      spec,
    );
    expect(list.sort).toEqual({ field: 'business_name', column: 'business_name', order: 'ASC' });
    expect(list).toMatchObject({ start: 50, limit: 25 });
    expect(list.filter.map((f) => [f.name, f.value])).toEqual([
      ['q', 'acme'],
      ['id', ['a', 'b']],
      ['surcharge_enabled', 1],
    ]);
  });

  it('reads json-server parameters, with query-string filters coerced', () => {
    const list = parseListQuery(
      {
        _sort: 'id',
        _order: 'desc',
        _start: '10',
        _end: '20',
        amount_gte: '500',
        surcharge_enabled: 'false',
      },
      spec,
    );
    expect(list).toMatchObject({ sort: { column: 'id', order: 'DESC' }, start: 10, limit: 10 });
    expect(list.filter.map((f) => [f.name, f.value])).toEqual([
      ['amount_gte', 500],
      ['surcharge_enabled', 0],
    ]);
  });

  it('caps the page size and ignores empty filter values', () => {
    expect(parseListQuery({ range: '[0,9999]' }, spec).limit).toBe(100);
    expect(parseListQuery({ filter: '{"status":""}' }, spec).filter).toEqual([]);
  });

  it('treats names of Object.prototype members as the unknown names they are (400, not 500)', () => {
    expect(error(() => parseListQuery({ _sort: 'constructor' }, spec))).toMatchObject({
      status: 400,
      field: 'sort',
    });
    expect(error(() => parseListQuery({ sort: '["toString","ASC"]' }, spec)).field).toBe('sort');
    expect(error(() => parseListQuery({ toString: '0x1F' }, spec))).toMatchObject({
      status: 400,
      field: 'filter.toString',
    });
    expect(error(() => parseListQuery({ filter: '{"__proto__":{"status":"x"}}' }, spec)).field).toBe(
      'filter.__proto__',
    );
    expect(error(() => parseListQuery({ hasOwnProperty: '1' }, spec)).field).toBe('filter.hasOwnProperty');
  });

  it('refuses what it does not know, naming the parameter', () => {
    expect(error(() => parseListQuery({ sort: '["password_hash","ASC"]' }, spec))).toMatchObject({
      status: 400,
      field: 'sort',
      message: 'Cannot sort by password_hash',
    });
    expect(error(() => parseListQuery({ sort: '["id","SIDEWAYS"]' }, spec)).field).toBe('sort');
    expect(error(() => parseListQuery({ range: '[0' }, spec))).toMatchObject({
      field: 'range',
      message: 'range must be JSON',
    });
    expect(error(() => parseListQuery({ range: '[-1,5]' }, spec)).field).toBe('range');
    expect(error(() => parseListQuery({ range: '[9,5]' }, spec)).field).toBe('range');
    expect(error(() => parseListQuery({ filter: '[]' }, spec)).field).toBe('filter');
    expect(error(() => parseListQuery({ filter: '{"owner":"x"}' }, spec))).toMatchObject({
      field: 'filter.owner',
      message: 'Unknown filter: owner',
    });
    expect(error(() => parseListQuery({ amount_gte: 'lots' }, spec)).field).toBe('filter.amount_gte');
    expect(error(() => parseListQuery({ filter: '{"status":{"$ne":1}}' }, spec)).field).toBe('filter.status');
    expect(error(() => parseListQuery({ filter: '{"amount_gte":[1,2]}' }, spec)).field).toBe(
      'filter.amount_gte',
    );
  });

  it('refuses specs with unsafe column names', () => {
    expect(() =>
      defineList({ resource: 'x', sortable: { a: 'a; drop table users' }, defaultSort: ['a', 'ASC'] }),
    ).toThrow(/bad column/);
    expect(() => defineList({ resource: 'x', sortable: { a: 'a' }, defaultSort: ['b', 'ASC'] })).toThrow(
      /not sortable/,
    );
  });
});

describe('the SQL a list query adds', () => {
  // A Kysely that compiles and never runs: the filters are pure functions of the parsed query.
  const db = new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const where = (query: Record<string, string>) => {
    const compiled = applyListFilters(
      db.selectFrom('merchants').select('id'),
      parseListQuery(query, spec),
    ).compile();
    return {
      sql: compiled.sql.replace(/^select "id" from "merchants"\s*/, ''),
      parameters: compiled.parameters,
    };
  };

  it('searches case-insensitively with the wildcards of the text escaped', () => {
    expect(where({ q: 'Acme_50%' })).toEqual({
      sql: `where (lower("business_name") like ? escape '\\' or lower("email") like ? escape '\\')`,
      parameters: ['%acme\\_50\\%%', '%acme\\_50\\%%'],
    });
  });

  it('compares columns with bound values, lists as IN, an empty list as matching nothing', () => {
    expect(where({ amount_gte: '500', status: 'active' })).toEqual({
      sql: 'where "amount" >= ? and "status" = ?',
      parameters: [500, 'active'],
    });
    expect(where({ filter: '{"id":["m1","m2"]}' })).toEqual({
      sql: 'where "id" in (?, ?)',
      parameters: ['m1', 'm2'],
    });
    expect(where({ filter: '{"id":[]}' })).toEqual({ sql: 'where 1 = 0', parameters: [] });
    expect(where({ filter: '{"surcharge_enabled":true}' })).toEqual({
      sql: 'where "surcharge_enabled" = ?',
      parameters: [1],
    });
  });

  it('adds nothing for a query without filters', () => {
    expect(where({ sort: '["business_name","ASC"]' })).toEqual({ sql: '', parameters: [] });
  });
});

describe('the Content-Range answer', () => {
  const headersFor = async (query: string, count: number, total: number) => {
    const app = new Hono().get('/', (c) => {
      setListHeaders(c, parseListQuery(c.req.query(), spec), count, total);
      return c.body(null, 204);
    });
    return (await app.request(`/${query}`)).headers;
  };

  it('names the rows served out of the total, readable by scripts on other origins', async () => {
    const h = await headersFor('?range=[25,49]', 25, 319);
    expect(h.get('content-range')).toBe('merchants 25-49/319');
    expect(h.get('x-total-count')).toBe('319');
    expect(h.get('access-control-expose-headers')).toBe('Content-Range, X-Total-Count');
  });

  it('says which rows came when the page was cut, and an empty page at its start', async () => {
    expect((await headersFor('?range=[0,999]', 100, 5000)).get('content-range')).toBe('merchants 0-99/5000');
    expect((await headersFor('?range=[50,74]', 0, 10)).get('content-range')).toBe('merchants 50-50/10');
  });
});
