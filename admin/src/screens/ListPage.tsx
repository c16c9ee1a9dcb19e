import { isDraftable, isExporting, isResource } from '@conveyor/shared';
import { type Theme, useMediaQuery } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  Datagrid,
  List,
  type ListProps,
  SearchInput,
  TextField,
  TopToolbar,
  useResourceContext,
} from 'react-admin';
import { fittingGrid, showCutText } from '../common/gridFit.ts';
import { ListLoading } from '../common/ListLoading.tsx';
import { ListPagination } from '../common/ListPagination.tsx';
import { RowActions } from '../common/RowActions.tsx';
import { ServerExportButton } from '../common/ServerExportButton.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { DraftMarker } from '../drafts/DraftMarker.tsx';
import { ListCards } from './ListCards.tsx';

/** A narrow column's class, on its header and its cells (see fittingGrid). */
const fit = (name: string) => ({ headerClassName: name, cellClassName: name });

const searchFilters = [<SearchInput key="q" source="q" alwaysOn />];

/** The create button unless told otherwise; the export where the registry says `exports`. */
function ListActions({ create }: { create: boolean }) {
  const resource = useResourceContext();
  const exports = resource !== undefined && isResource(resource) && isExporting(resource);
  return (
    <TopToolbar>
      {create && <CreateButton />}
      {exports && <ServerExportButton />}
    </TopToolbar>
  );
}

/** A column of the grid whose header is `label`: the row's buttons sit in it. */
function Column({
  children,
}: {
  label: string;
  headerClassName?: string;
  cellClassName?: string;
  children: ReactNode;
}) {
  return children;
}

/**
 * A list screen as the spec draws it: search box, table, page sizes 10/20/50 with its labels,
 * newest first unless told otherwise; a create button unless `create` is false; the server's
 * CSV / Excel export for the resources the registry marks `exports`. Its columns are the record's id, the resource's own (`children`),
 * the status switch unless `status` is false, and the row's buttons (edit and delete unless
 * `rowActions` says otherwise). Below the `sm` breakpoint (a phone) the same fields, switch and
 * buttons are a card per record instead, as wide as the screen.
 */
export function ListPage({
  children,
  create = true,
  status = true,
  statusLabel = 'conveyor.list.status',
  rowActions = <RowActions />,
  ...props
}: Omit<ListProps, 'exporter'> & {
  children: ReactNode;
  create?: boolean;
  status?: boolean;
  /** The switch's header where "Status" would name two columns (a worked list's own status). */
  statusLabel?: string;
  rowActions?: ReactElement;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const isDraftableResource = isDraftable(useResourceContext(props) ?? '');
  return (
    <List
      perPage={10}
      sort={{ field: 'id', order: 'DESC' }}
      filters={searchFilters}
      pagination={<ListPagination />}
      actions={<ListActions create={create} />}
      exporter={false}
      empty={false}
      {...props}
    >
      <ListLoading>
        {phone ? (
          <ListCards status={status} rowActions={rowActions}>
            {children}
          </ListCards>
        ) : (
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            sx={fittingGrid}
            onMouseOver={showCutText}
          >
            {/* the record's id, as its address and breadcrumb show it (not the row's number) */}
            <TextField source="id" label="conveyor.list.number" {...fit('fit-number')} />
            {children}
            {status && <StatusSwitch label={statusLabel} {...fit('fit-switch')} />}
            {isDraftableResource && (
              <DraftMarker label="conveyor.drafts.column" {...fit('fit-draft')} />
            )}
            <Column label="conveyor.list.actions" {...fit('fit-actions')}>
              {rowActions}
            </Column>
          </Datagrid>
        )}
      </ListLoading>
    </List>
  );
}
