import { TablePagination } from '@mui/material';
import { PAGE_SIZES } from '@conveyor/shared';
import { useListContext, useTranslate } from 'react-admin';
import { paginationView } from './pagination.ts';

/**
 * Page buttons and page size (10, 20, 50) with the spec's labels: 'Har sahifada' and
 * 'Sahifa X dan Y' (react-admin's own pagination shows a row range, not page X of Y). An API
 * that answers without `total` still pages: by its `totalPages` (kept in the list's meta by the
 * data provider), or by whether a next page exists ('Sahifa X').
 */
export function ListPagination() {
  const {
    page,
    perPage,
    total,
    hasNextPage,
    hasPreviousPage,
    meta,
    setPage,
    setPerPage,
    isPending,
  } = useListContext();
  const translate = useTranslate();
  const totalPages = (meta as { totalPages?: unknown } | undefined)?.totalPages;
  const view = isPending
    ? null
    : paginationView({
        page,
        perPage,
        total,
        hasNextPage,
        hasPreviousPage,
        totalPages: typeof totalPages === 'number' ? totalPages : undefined,
      });
  if (!view) return null;
  const buttons = {
    firstButton: { disabled: !view.hasPrevious },
    previousButton: { disabled: !view.hasPrevious },
    nextButton: { disabled: !view.hasNext },
    lastButton: { disabled: view.pages === undefined || !view.hasNext },
  };
  return (
    <TablePagination
      component="div"
      count={view.count}
      page={view.page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_event, next) => setPage(next + 1)}
      // react-admin's setPerPage goes back to page 1, as the spec asks
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={() =>
        view.pages === undefined
          ? translate('conveyor.pagination.page', { page: view.page })
          : translate('conveyor.pagination.page_of', { page: view.page, pages: view.pages })
      }
      slotProps={{ actions: buttons }}
      // the buttons' screen-reader names, in the admin's language
      getItemAriaLabel={(type) => translate(`conveyor.pagination.${type}`)}
      showFirstButton
      showLastButton
    />
  );
}
