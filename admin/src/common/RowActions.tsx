import VisibilityIcon from '@mui/icons-material/Visibility';
import { hasTrash } from '@conveyor/shared';
import { Box } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  Button,
  DeleteButton,
  EditButton,
  ShowButton,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useErrorToast } from './useErrorToast.ts';

/**
 * Delete after a confirmation, waiting for the API; a failure reads 'Ma'lumotlarni o'chirib
 * bo'lmadi' with the API's reason (react-admin's own toast would say neither). What goes to
 * the trash says so in the question.
 */
export function ConfirmedDeleteButton({ disabled = false }: { disabled?: boolean }) {
  const onError = useErrorToast('conveyor.errors.delete');
  const trashed = hasTrash(useResourceContext() ?? '');
  const translate = useTranslate();
  return (
    <DeleteButton
      mutationMode="pessimistic"
      disabled={disabled}
      // a list's row shows the icon alone: its label on hover
      title={translate('ra.action.delete')}
      mutationOptions={{ onError }}
      // the spec's toast stays ('Ma'lumotlar o'chirildi'); the question says where it goes
      {...(trashed ? { confirmContent: 'conveyor.trash.delete_content' } : {})}
    />
  );
}

/**
 * The row's record: Edit for whoever may change it, Show (the same screen, read-only) for a
 * role that may only read it (sales and the catalogue), so that every row opens its record.
 */
export function OpenButton() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const createPath = useCreatePath();
  const translate = useTranslate();
  const edit = useCanAccess({ action: 'edit', resource, record });
  const show = useCanAccess({ action: 'show', resource, record });
  if (!record || !resource || edit.isPending || show.isPending) return null;
  if (edit.canAccess) return <EditButton title={translate('ra.action.edit')} />;
  if (!show.canAccess) return null;
  return (
    <Button
      component={Link}
      to={createPath({ resource, id: record.id, type: 'edit' })}
      label="ra.action.show"
      title={translate('ra.action.show')}
      onClick={(event) => event.stopPropagation()}
    >
      <VisibilityIcon />
    </Button>
  );
}

/**
 * Edit (or Show) and delete for one row; delete asks first and reports with the spec's toasts.
 * A list's table shows them as icons (gridFit.ts), each with its label on hover.
 */
export function RowActions({
  edit = true,
  show = false,
  disableDelete = false,
}: {
  edit?: boolean;
  show?: boolean;
  disableDelete?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {show && <ShowButton title={translate('ra.action.show')} />}
      {edit && <OpenButton />}
      <ConfirmedDeleteButton disabled={disableDelete} />
    </Box>
  );
}
