import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement } from 'react';
import { Datagrid, List, type ListProps } from 'react-admin';
import { ListCards } from './ListCards.tsx';
import { ListPagination } from './ListPagination.tsx';

/**
 * A list of records that are not a registry resource and are read newest first (the activity
 * log, the trash): the page sizes of every list, no export or create, a table on a desktop and
 * cards on a phone, each row with `rowActions` after its `columns`.
 */
export function NewestFirstList({
  title,
  filters,
  empty = false,
  columns,
  rowActions,
}: {
  title: string;
  filters: ReactElement[];
  empty?: ListProps['empty'];
  columns: ReactElement[];
  rowActions?: ReactElement;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title={title}
      perPage={20}
      sort={{ field: 'id', order: 'DESC' }}
      filters={filters}
      pagination={<ListPagination />}
      actions={false}
      exporter={false}
      empty={empty}
    >
      {phone ? (
        <ListCards status={false} rowActions={rowActions ?? <></>}>
          {columns}
        </ListCards>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          {columns}
          {rowActions}
        </Datagrid>
      )}
    </List>
  );
}
