/** What the list knows about its pages: react-admin's list context, plus the API's page count. */
export interface PaginationInput {
  page: number;
  perPage: number;
  /** Rows in the whole list, when the API says (`total`). */
  total?: number;
  /** From `pageInfo`, when the API gives only page counts. */
  hasNextPage?: boolean;
  hasPreviousPage?: boolean;
  /** The API's `totalPages`, passed on by the data provider in the list's `meta`. */
  totalPages?: number;
}

/** What the page buttons and 'Sahifa X dan Y' show. */
export interface PaginationView {
  /** The current page, 1-based, never past the last page. */
  page: number;
  /** How many pages there are; undefined when the API said only whether a next page exists. */
  pages?: number;
  /** Rows for MUI's TablePagination: the total, or -1 ("unknown") while more pages follow. */
  count: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/**
 * The pagination of a list from what the API answered: `total` when it gives one; else its
 * `totalPages` (the data provider's pageInfo fallback keeps it in `meta`); else only whether
 * there are previous and next pages. Null when there is nothing to page yet.
 */
export function paginationView({
  page,
  perPage,
  total,
  hasNextPage,
  hasPreviousPage,
  totalPages,
}: PaginationInput): PaginationView | null {
  if (typeof total === 'number') {
    const pages = Math.max(1, Math.ceil(total / perPage));
    const current = Math.min(Math.max(page, 1), pages);
    return {
      page: current,
      pages,
      count: total,
      hasPrevious: current > 1,
      hasNext: current < pages,
    };
  }
  if (typeof totalPages === 'number') {
    const pages = Math.max(1, totalPages);
    const current = Math.min(Math.max(page, 1), pages);
    return {
      page: current,
      pages,
      count: pages * perPage,
      hasPrevious: hasPreviousPage ?? current > 1,
      hasNext: hasNextPage ?? current < pages,
    };
  }
  if (hasNextPage === undefined && hasPreviousPage === undefined) return null;
  const current = Math.max(page, 1);
  return {
    page: current,
    count: hasNextPage ? -1 : current * perPage,
    hasPrevious: hasPreviousPage ?? current > 1,
    hasNext: Boolean(hasNextPage),
  };
}
