import { isDraftable, isExporting, isResource } from '@conveyor/shared';
import type { ReactElement, ReactNode } from 'react';
import {
  CreateButton,
  type ListProps,
  SearchInput,
  TextField,
  TopToolbar,
  useResourceContext,
} from 'react-admin';
import { RowActions } from '../common/RowActions.tsx';
import { ServerExportButton } from '../common/ServerExportButton.tsx';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { DraftMarker } from '../drafts/DraftMarker.tsx';
import { ListShell } from './ListShell.tsx';

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
 * A registry resource's list screen as the spec draws it, in the list shell (ListShell.tsx):
 * search box, table, page sizes 10/20/50 with its labels, newest first unless told otherwise; a
 * create button unless `create` is false; the server's CSV / Excel export for the resources the
 * registry marks `exports`. Its columns are the record's id, the resource's own (`children`),
 * the status switch unless `status` is false, the draft marker of a resource with drafts, and
 * the row's buttons (edit and delete unless `rowActions` says otherwise). A phone's cards show
 * the same fields, switch and buttons.
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
  const isDraftableResource = isDraftable(useResourceContext(props) ?? '');
  return (
    <ListShell
      perPage={10}
      sort={{ field: 'id', order: 'DESC' }}
      filters={searchFilters}
      actions={<ListActions create={create} />}
      empty={false}
      {...props}
      fields={children}
      status={status}
      rowActions={rowActions}
    >
      {/* the record's id, as its address and breadcrumb show it (not the row's number) */}
      <TextField source="id" label="conveyor.list.number" {...fit('fit-number')} />
      {children}
      {status && <StatusSwitch label={statusLabel} {...fit('fit-switch')} />}
      {isDraftableResource && <DraftMarker label="conveyor.drafts.column" {...fit('fit-draft')} />}
      <Column label="conveyor.list.actions" {...fit('fit-actions')}>
        {rowActions}
      </Column>
    </ListShell>
  );
}
