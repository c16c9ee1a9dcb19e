import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Box } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Create,
  type CreateProps,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  type EditProps,
  List,
  type ListProps,
  SaveButton,
  SearchInput,
  Toolbar,
  TopToolbar,
  CreateButton,
  useBasename,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { exportAllRecords } from './exporter.ts';
import { ListPagination } from './ListPagination.tsx';

/** The toast for a failed save: the spec's text, then the API's reason. */
export function useSaveError() {
  const notify = useNotify();
  const translate = useTranslate();
  return (error: unknown) =>
    notify(`${translate('conveyor.errors.form')}: ${(error as Error)?.message ?? ''}`, {
      type: 'error',
    });
}

/** 'Orqaga': back to the resource's list, on every form screen. */
export function BackLink({ to }: { to?: string }) {
  const resource = useResourceContext();
  const basename = useBasename();
  return (
    <Button
      label="conveyor.back"
      component={Link}
      to={to ?? `${basename}/${resource}`}
      startIcon={<ArrowBackIcon />}
      data-testid="back-link"
    />
  );
}

/** The actions above a form: the back link (to the resource's list unless `to` says where). */
export function FormActions({ to }: { to?: string }) {
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start' }}>
      <BackLink to={to} />
    </TopToolbar>
  );
}

/** A create screen: back link, the shared form, the spec's toasts, back to the list. */
export function CreatePage({ children, ...props }: CreateProps & { children: ReactNode }) {
  const onError = useSaveError();
  return (
    <Create actions={<FormActions />} redirect="list" mutationOptions={{ onError }} {...props}>
      {children}
    </Create>
  );
}

/** An edit screen: same form as create; saves wait for the API (no undo) and go to the list. */
export function EditPage({ children, ...props }: EditProps & { children: ReactNode }) {
  const onError = useSaveError();
  return (
    <Edit
      actions={<FormActions />}
      redirect="list"
      mutationMode="pessimistic"
      mutationOptions={{ onError }}
      {...props}
    >
      {children}
    </Edit>
  );
}

/** The toast for a failed delete: 'Ma'lumotlarni o'chirib bo'lmadi', then the API's reason. */
export function useDeleteError() {
  const notify = useNotify();
  const translate = useTranslate();
  return (error: unknown) =>
    notify(`${translate('conveyor.errors.delete')}: ${(error as Error)?.message ?? ''}`, {
      type: 'error',
    });
}

/** Delete after a confirmation, waiting for the API, with the spec's toasts. */
function ConfirmedDeleteButton({ disabled = false }: { disabled?: boolean }) {
  const onError = useDeleteError();
  return (
    <DeleteButton mutationMode="pessimistic" disabled={disabled} mutationOptions={{ onError }} />
  );
}

/** Edit and delete for one row; delete asks first and reports with the spec's toasts. */
export function RowActions({
  edit = true,
  disableDelete = false,
}: {
  label?: string;
  edit?: boolean;
  disableDelete?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {edit && <EditButton />}
      <ConfirmedDeleteButton disabled={disableDelete} />
    </Box>
  );
}

/**
 * Every form's toolbar: Save and, on an edit screen, the delete of the list rows (asks first,
 * the spec's failure wording) unless `deletable` is false (supplier applications: spec 2.4
 * gives their edit screen only a save button; the company settings), disabled with
 * `disableDelete` (the last user). react-admin's default toolbar would bring a delete with its
 * own failure toast everywhere.
 */
export function FormToolbar({
  deletable = true,
  disableDelete = false,
}: {
  deletable?: boolean;
  disableDelete?: boolean;
}) {
  const record = useRecordContext();
  return (
    <Toolbar>
      <Box sx={{ flex: 1, display: 'flex', justifyContent: 'space-between' }}>
        <SaveButton />
        {deletable && record?.id !== undefined && record.id !== null && (
          <ConfirmedDeleteButton disabled={disableDelete} />
        )}
      </Box>
    </Toolbar>
  );
}

const searchFilters = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * CSV export of the whole list (its search and sort applied), fetched page by page: react-admin's
 * ExportButton asks for one page of 1000 rows, and the API answers at most 100. Cells that a
 * spreadsheet would run as formulas (public visitors write these records) are neutralised.
 */
export function ExportAllButton() {
  const { filter, filterValues, resource, sort, exporter, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportAll = async () => {
    setBusy(true);
    try {
      // every string cell neutralised against CSV formula injection, whichever the exporter
      await exportAllRecords(
        dataProvider,
        resource,
        { sort, filter: filter ? { ...filterValues, ...filter } : filterValues },
        exporter,
      );
    } catch (error) {
      console.error(error);
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={exportAll} disabled={busy || total === 0}>
      <DownloadIcon />
    </Button>
  );
}

function ListActions({ create, exporter }: { create: boolean; exporter: boolean }) {
  return (
    <TopToolbar>
      {create && <CreateButton />}
      {exporter && <ExportAllButton />}
    </TopToolbar>
  );
}

/**
 * A list screen as the spec draws it: search box, table, page sizes 10/20/50 with its labels,
 * newest first unless told otherwise; a create button unless `create` is false; CSV export
 * where `exporter` is set.
 */
export function ListPage({
  children,
  create = true,
  exporter = false,
  ...props
}: Omit<ListProps, 'exporter'> & { children: ReactNode; create?: boolean; exporter?: boolean }) {
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
        {children}
      </Datagrid>
    </List>
  );
}
