import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, List, type ListProps } from 'react-admin';
import { fittingGrid, showCutText } from '../common/gridFit.ts';
import { ListLoading } from '../common/ListLoading.tsx';
import { ListPagination } from '../common/ListPagination.tsx';
import { ListCards } from './ListCards.tsx';

/**
 * What every list screen is drawn in (ListPage, NewestFirstList): react-admin's List with the
 * page sizes of every list and no export of its own, grey bars while the first page loads,
 * then the table that fits its screen (its columns, `children`), or below the `sm` breakpoint
 * (a phone) a card per record instead, as wide as the screen: the record's `fields`, the status
 * switch if `status`, and the row's buttons.
 */
export function ListShell({
  fields,
  status,
  rowActions,
  children,
  ...props
}: Omit<ListProps, 'exporter' | 'children'> & {
  fields: ReactNode;
  status: boolean;
  rowActions: ReactElement;
  children: ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List pagination={<ListPagination />} exporter={false} {...props}>
      <ListLoading>
        {phone ? (
          <ListCards status={status} rowActions={rowActions}>
            {fields}
          </ListCards>
        ) : (
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            sx={fittingGrid}
            onMouseOver={showCutText}
          >
            {children}
          </Datagrid>
        )}
      </ListLoading>
    </List>
  );
}
