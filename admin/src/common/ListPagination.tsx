import { TablePagination } from '@mui/material';
import { PAGE_SIZES } from '@conveyor/shared';
import { useListContext, useTranslate } from 'react-admin';

/**
 * Page buttons and page size (10, 20, 50) with the spec's labels: 'Har sahifada' and
 * 'Sahifa X dan Y' (react-admin's own pagination shows a row range, not page X of Y).
 */
export function ListPagination() {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListContext();
  const translate = useTranslate();
  if (isPending || total === undefined) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, pages) - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_event, next) => setPage(next + 1)}
      // react-admin's setPerPage goes back to page 1, as the spec asks
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={() => translate('conveyor.pagination.page_of', { page, pages })}
      showFirstButton
      showLastButton
    />
  );
}
