import { describe, expect, it } from 'vitest';
import { paginationView } from '../src/common/pagination.ts';
import { toListResult } from '../src/providers/dataProvider.ts';

// The list pagination's logic: 'Sahifa X dan Y' and the page buttons, from `total`, from the
// API's page count alone, or from next/previous alone.

describe('list pagination', () => {
  it('pages by the total when the API gives one', () => {
    expect(paginationView({ page: 2, perPage: 10, total: 35 })).toEqual({
      page: 2,
      pages: 4,
      count: 35,
      hasPrevious: true,
      hasNext: true,
    });
    expect(paginationView({ page: 4, perPage: 10, total: 35 })).toMatchObject({
      pages: 4,
      hasNext: false,
    });
    // an empty list is one page
    expect(paginationView({ page: 1, perPage: 10, total: 0 })).toMatchObject({
      page: 1,
      pages: 1,
      hasPrevious: false,
      hasNext: false,
    });
    // a page past the end (rows deleted meanwhile) shows the last one
    expect(paginationView({ page: 9, perPage: 20, total: 35 })).toMatchObject({
      page: 2,
      pages: 2,
    });
  });

  it("pages by the API's totalPages when it answers without total", () => {
    const reply = { data: [{ id: 11 }], currentPage: 2, totalPages: 3 };
    const result = toListResult(reply) as {
      total?: number;
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean };
      meta: { totalPages: number };
    };
    const view = paginationView({
      page: 2,
      perPage: 10,
      total: result.total,
      ...result.pageInfo,
      totalPages: result.meta.totalPages,
    });
    // 'Sahifa 2 dan 3', with both previous and next
    expect(view).toEqual({ page: 2, pages: 3, count: 30, hasPrevious: true, hasNext: true });
    const last = toListResult({ ...reply, currentPage: 3 }) as typeof result;
    expect(
      paginationView({ page: 3, perPage: 10, ...last.pageInfo, totalPages: last.meta.totalPages }),
    ).toMatchObject({ page: 3, pages: 3, hasPrevious: true, hasNext: false });
  });

  it('pages by next/previous alone when there is no page count either', () => {
    expect(
      paginationView({ page: 1, perPage: 10, hasNextPage: true, hasPreviousPage: false }),
    ).toEqual({ page: 1, pages: undefined, count: -1, hasPrevious: false, hasNext: true });
    expect(
      paginationView({ page: 3, perPage: 10, hasNextPage: false, hasPreviousPage: true }),
    ).toEqual({ page: 3, pages: undefined, count: 30, hasPrevious: true, hasNext: false });
  });

  it('shows nothing before the list knows anything', () => {
    expect(paginationView({ page: 1, perPage: 10 })).toBeNull();
  });
});
