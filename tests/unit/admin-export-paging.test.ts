/**
 * The console asks the API for a page larger than it serves (the CSV export asks for 10,000 rows;
 * the API serves at most MAX_PAGE_SIZE per request): its data provider fetches the range
 * in pages the API serves whole and joins them, stopping at the total.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAGE_SIZE } from '../../api/http/simple-rest.ts';

const TOTAL = 1234;
const requested: string[] = [];

vi.mock('../../admin/src/auth-client.ts', () => ({
  auth: {
    fetch: async (url: string) => {
      requested.push(url);
      const range = JSON.parse(new URL(url, 'http://x').searchParams.get('range')!) as [number, number];
      const end = Math.min(range[1], range[0] + MAX_PAGE_SIZE - 1, TOTAL - 1);
      const rows = Array.from({ length: Math.max(0, end - range[0] + 1) }, (_, i) => ({
        id: `p${range[0] + i}`,
      }));
      return new Response(JSON.stringify(rows), {
        headers: {
          'content-type': 'application/json',
          'content-range': `payments ${range[0]}-${end}/${TOTAL}`,
        },
      });
    },
  },
}));

describe('console data provider paging', () => {
  // Each test sees only its own requests (one failing cannot fail the next).
  beforeEach(() => {
    requested.length = 0;
  });

  it('fetches a 10,000-row export in pages of at most MAX_PAGE_SIZE and returns every row', async () => {
    const { dataProvider } = await import('../../admin/src/data/dataProvider.ts');
    const result = await dataProvider.getList('payments', {
      pagination: { page: 1, perPage: 10_000 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(result.total).toBe(TOTAL);
    expect(result.data.map((r) => r.id)).toEqual(Array.from({ length: TOTAL }, (_, i) => `p${i}`));
    const ranges = requested.map((u) => new URL(u, 'http://x').searchParams.get('range'));
    expect(ranges).toEqual(['[0,499]', '[500,999]', '[1000,1499]']);
  });

  it('asks for an ordinary page as it is', async () => {
    const { dataProvider } = await import('../../admin/src/data/dataProvider.ts');
    const result = await dataProvider.getList('payments', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(result.data).toHaveLength(25);
    expect(requested.map((u) => new URL(u, 'http://x').searchParams.get('range'))).toEqual(['[25,49]']);
  });
});
