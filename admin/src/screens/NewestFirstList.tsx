import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement } from 'react';
import { Datagrid, List, type ListProps, type SortPayload } from 'react-admin';
import { fittingGrid, showCutText } from '../common/gridFit.ts';
import { ListLoading } from '../common/ListLoading.tsx';
import { ListPagination } from '../common/ListPagination.tsx';
import { ListCards } from './ListCards.tsx';

const NEWEST_FIRST: SortPayload = { field: 'id', order: 'DESC' };

/**
 * A list of records that are not a registry resource and are read newest first (the activity
 * log, the trash), or in the one order `sort` names (the schedule, soonest first): the page
 * sizes of every list, no export or create, a table on a desktop and cards on a phone, each
 * row with `rowActions` after its `columns`.
 */
export function NewestFirstList({
  title,
  filters,
  empty = false,
  columns,
  rowActions,
  sort = NEWEST_FIRST,
}: {
  title: string;
  filters: ReactElement[];
  empty?: ListProps['empty'];
  columns: ReactElement[];
  rowActions?: ReactElement;
  sort?: SortPayload;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title={title}
      perPage={20}
      sort={sort}
      filters={filters}
      pagination={<ListPagination />}
      actions={false}
      exporter={false}
      empty={empty}
    >
      <ListLoading>
        {phone ? (
          <ListCards status={false} rowActions={rowActions ?? <></>}>
            {columns}
          </ListCards>
        ) : (
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            sx={fittingGrid}
            onMouseOver={showCutText}
          >
            {columns}
            {rowActions}
          </Datagrid>
        )}
      </ListLoading>
    </List>
  );
}
