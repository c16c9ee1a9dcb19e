import { hasTrash, TRASH_RESOURCES, type TrashItem } from '@conveyor/shared';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Box, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  Confirm,
  DeleteWithConfirmButton,
  FunctionField,
  SelectInput,
  TextField,
  useCanAccessResources,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DateTimeField } from '../common/DateTimeField.tsx';
import { useErrorToast } from '../common/useErrorToast.ts';
import { api } from '../providers/http.ts';
import { resourceScreens } from '../resources.ts';
import { NewestFirstList } from '../screens/NewestFirstList.tsx';

/** A deleted record's name as its own screens name it (its name or title), else its number. */
function itemName(item: Pick<TrashItem, 'resource' | 'record_id' | 'snapshot'>): string {
  const representation = resourceScreens[item.resource].recordRepresentation;
  const record: Record<string, unknown> & { id: number } = {
    ...item.snapshot,
    id: item.record_id,
  };
  const name =
    typeof representation === 'function'
      ? representation(record)
      : typeof representation === 'string'
        ? record[representation]
        : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name : `#${item.record_id}`;
}

/** The kind of a deleted record, in the staff's language (Product, Lead…). */
function useKind() {
  const translate = useTranslate();
  return (resource: string) => translate(`resources.${resource}.name`, { smart_count: 1 });
}

/** The name, and what the record was deleted with (a product's video: with its product). */
function NameField() {
  const kind = useKind();
  const translate = useTranslate();
  const item = useRecordContext<TrashItem>();
  if (!item) return null;
  const owner = item.snapshot.deleted_with as { resource?: string; id?: number } | undefined;
  return (
    <Box>
      <Typography variant="body2" component="span">
        {itemName(item)}
      </Typography>
      {owner?.resource && hasTrash(owner.resource) && (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate('conveyor.trash.deleted_with', {
            what: `${kind(owner.resource)} #${String(owner.id)}`,
          })}
        </Typography>
      )}
    </Box>
  );
}

/** Puts the record back after a confirmation; the list and the site follow. */
function RestoreButton() {
  const item = useRecordContext<TrashItem>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useErrorToast('conveyor.trash.restore_failed');
  const [open, setOpen] = useState(false);
  const restore = useMutation({
    mutationFn: (id: number) => api(`/trash/${id}/restore`, { method: 'POST', json: {} }),
    onSuccess: () => {
      setOpen(false);
      notify('conveyor.trash.restored', {
        type: 'success',
        messageArgs: { name: itemName(item!) },
      });
      refresh();
    },
    onError: (error) => {
      setOpen(false);
      onError(error);
    },
  });
  if (!item) return null;
  return (
    <>
      <Button
        label="conveyor.trash.restore"
        onClick={() => setOpen(true)}
        disabled={restore.isPending}
      >
        <RestoreIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={restore.isPending}
        title={translate('conveyor.trash.restore_title', { name: itemName(item) })}
        content={translate('conveyor.trash.restore_content')}
        onConfirm={() => restore.mutate(item.id)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Deletes for good, after a confirmation that says it cannot be undone. */
function PurgeButton() {
  const item = useRecordContext<TrashItem>();
  const translate = useTranslate();
  const onError = useErrorToast('conveyor.errors.delete');
  if (!item) return null;
  return (
    <DeleteWithConfirmButton
      label="conveyor.trash.purge"
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle={translate('conveyor.trash.purge_title', { name: itemName(item) })}
      confirmContent="conveyor.trash.purge_content"
      successMessage="conveyor.trash.purged"
      mutationOptions={{ onError }}
    />
  );
}

function ItemActions() {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <RestoreButton />
      <PurgeButton />
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }} data-testid="trash-empty">
      <Typography variant="h6" component="p">
        {translate('conveyor.trash.empty')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('conveyor.trash.explain')}
      </Typography>
    </Box>
  );
}

/**
 * The trash: what was deleted, last first, with who deleted it and when it goes for good
 * (TRASH_DAYS after); each row restores the record as it was, or deletes it for good. The
 * kinds offered are those the role may change, as the API lists.
 */
export function TrashList() {
  const translate = useTranslate();
  const kind = useKind();
  // the kinds the role may change: what the API lists for it
  const { canAccess } = useCanAccessResources({
    action: 'edit',
    resources: [...TRASH_RESOURCES],
  });
  const kindChoices = TRASH_RESOURCES.filter((resource) => canAccess?.[resource]).map((id) => ({
    id,
    name: kind(id),
  }));
  const filters = [
    <SelectInput
      key="resource"
      source="resource"
      label="resources.trash.fields.resource"
      choices={kindChoices}
      alwaysOn
    />,
  ];
  const columns = [
    <FunctionField<TrashItem>
      key="resource"
      source="resource"
      sortable={false}
      render={(item) => kind(item.resource)}
    />,
    <NameField key="name" />,
    <DateTimeField key="deleted_at" source="deleted_at" sortable={false} />,
    <TextField key="user_name" source="user_name" sortable={false} emptyText="—" />,
    <DateTimeField
      key="purge_at"
      source="purge_at"
      sortable={false}
      emptyText={translate('conveyor.trash.kept')}
    />,
  ];
  return (
    <NewestFirstList
      title={translate('resources.trash.name', { smart_count: 2 })}
      filters={filters}
      empty={<Empty />}
      columns={columns}
      rowActions={<ItemActions />}
    />
  );
}
