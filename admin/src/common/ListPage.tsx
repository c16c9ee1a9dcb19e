import type { ReactElement, ReactNode } from 'react';
import { CreateButton, Datagrid, List, type ListProps, SearchInput, TopToolbar } from 'react-admin';
import { ExportAllButton } from './ExportAllButton.tsx';
import { RowNumber } from './fields.tsx';
import { ListPagination } from './ListPagination.tsx';
import { RowActions } from './RowActions.tsx';
import { StatusSwitch } from './StatusSwitch.tsx';

const searchFilters = [<SearchInput key="q" source="q" alwaysOn />];

function ListActions({ create, exporter }: { create: boolean; exporter: boolean }) {
  return (
    <TopToolbar>
      {create && <CreateButton />}
      {exporter && <ExportAllButton />}
    </TopToolbar>
  );
}

/** A column of the grid whose header is `label`: the row's buttons sit in it. */
function Column({ children }: { label: string; children: ReactNode }) {
  return children;
}

/**
 * A list screen as the spec draws it: search box, table, page sizes 10/20/50 with its labels,
 * newest first unless told otherwise; a create button unless `create` is false; CSV export
 * where `exporter` is set. Its columns are the row's number, the resource's own (`children`),
 * the status switch unless `status` is false, and the row's buttons (edit and delete unless
 * `rowActions` says otherwise).
 */
export function ListPage({
  children,
  create = true,
  exporter = false,
  status = true,
  rowActions = <RowActions />,
  ...props
}: Omit<ListProps, 'exporter'> & {
  children: ReactNode;
  create?: boolean;
  exporter?: boolean;
  status?: boolean;
  rowActions?: ReactElement;
}) {
  return (
    <List
      perPage={10}
      sort={{ field: 'id', order: 'DESC' }}
      filters={searchFilters}
      pagination={<ListPagination />}
      actions={<ListActions create={create} exporter={exporter} />}
      exporter={exporter ? undefined : false}
      empty={false}
      {...props}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <RowNumber label="conveyor.list.number" />
        {children}
        {status && <StatusSwitch label="conveyor.list.status" />}
        <Column label="conveyor.list.actions">{rowActions}</Column>
      </Datagrid>
    </List>
  );
}
