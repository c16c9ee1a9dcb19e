import type { ReactElement } from 'react';
import type { ListProps, SortPayload } from 'react-admin';
import { ListShell } from './ListShell.tsx';

const NEWEST_FIRST: SortPayload = { field: 'id', order: 'DESC' };

/**
 * A list of records that are not a registry resource and are read newest first (the activity
 * log, the trash), or in the one order `sort` names (the schedule, soonest first): the list
 * shell with no export or create, 20 to a page, each row with `rowActions` after its `columns`.
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
  return (
    <ListShell
      title={title}
      perPage={20}
      sort={sort}
      filters={filters}
      actions={false}
      empty={empty}
      fields={columns}
      status={false}
      rowActions={rowActions ?? <></>}
    >
      {columns}
      {rowActions}
    </ListShell>
  );
}
