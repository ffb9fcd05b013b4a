/**
 * The react-admin list-query parser shared by every admin resource: both query dialects, the sort
 * whitelist, declared filters with coercion, page bounds, and 400s naming the parameter.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/errors.ts';
import { defineList, parseListQuery } from '../../api/http/simple-rest.ts';

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
