import {
  Alert,
  Dialog,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  Button,
  CreateBase,
  EditBase,
  type Identifier,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { DOCUMENT_DEFAULTS, DocumentFields } from './DocumentFields.tsx';

/** What a failed save says: the API's reason, already in the staff's language, or a key. */
function useReason() {
  const translate = useTranslate();
  return (error: unknown) => {
    const reason = (error as Error | undefined)?.message ?? '';
    return `${translate('conveyor.errors.form')}: ${reason && translate(reason, { _: reason })}`;
  };
}

function DialogToolbar({ onCancel }: { onCancel: () => void }) {
  return (
    <Toolbar sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <Button label="ra.action.cancel" onClick={onCancel} />
      <SaveButton />
    </Toolbar>
  );
}

/**
 * A document of the record on screen, added or changed in a dialog over the record's form:
 * react-admin's CreateBase / EditBase on `documents`, the Documents screen's fields without the
 * owner (the record it is opened from). A save the API refuses (too many documents, a file it
 * does not take) leaves the dialog open with the reason above the form, until the next save or
 * until it is closed.
 */
export function DocumentDialog({
  owner,
  id,
  onClose,
  onSaved,
}: {
  /** The record it belongs to: `{ product_id: 12 }`. */
  owner: Record<string, Identifier>;
  /** The document to change; none: a new one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const reason = useReason();
  const [error, setError] = useState<string | null>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const mutationOptions = {
    onMutate: () => setError(null),
    onError: (failure: unknown) => setError(reason(failure)),
    onSuccess: () => {
      notify(`resources.documents.notifications.${id === undefined ? 'created' : 'updated'}`, {
        type: 'info',
      });
      onSaved();
    },
  };
  const form = (
    <SimpleForm
      toolbar={<DialogToolbar onCancel={onClose} />}
      {...(id === undefined ? { defaultValues: { ...DOCUMENT_DEFAULTS, is_active: true } } : {})}
      // the document as fetched may arrive after its listed copy (its place just changed): what
      // was typed meanwhile stays rather than being reset to it
      resetOptions={{ keepDirtyValues: true }}
      sx={{ p: 0 }}
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2, width: '100%' }} data-testid="document-error">
          {error}
        </Alert>
      )}
      <DocumentFields />
      <BooleanInput source="is_active" />
    </SimpleForm>
  );
  const title = translate(
    id === undefined ? 'conveyor.documents.section.add' : 'conveyor.documents.section.edit_title',
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {id === undefined ? (
          <CreateBase
            resource="documents"
            record={owner}
            redirect={false}
            mutationOptions={mutationOptions}
          >
            {form}
          </CreateBase>
        ) : (
          <EditBase
            resource="documents"
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            mutationOptions={mutationOptions}
          >
            {form}
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
}
