import { Box, CardContent, type CardContentProps, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  BooleanInput,
  CanAccess,
  SaveButton,
  SimpleForm,
  Toolbar,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { isDraftable } from '@conveyor/shared';
import { useReadOnly } from '../common/readOnly.ts';
import { ConfirmedDeleteButton } from '../common/RowActions.tsx';
import { useDraft } from '../drafts/api.ts';
import { DraftSaveButton } from '../drafts/DraftSaveButton.tsx';
import { withDraft } from '../drafts/record.ts';

/**
 * The form's body on a read-only screen: a disabled fieldset, so that every control in it,
 * react-admin's inputs and our own (images, buttons), is shown and cannot be used.
 */
function ReadOnlyBody({ children, className }: CardContentProps) {
  return (
    <CardContent className={className}>
      <Box component="fieldset" disabled sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        {children}
      </Box>
    </CardContent>
  );
}

/**
 * Every form's toolbar: Save, Save as draft for what the site shows (DraftSaveButton: the
 * catalogue's records and the company settings) and, on an edit screen, the delete of the list
 * rows (asks first, the spec's failure wording) unless `deletable` is false (supplier
 * applications: spec 2.4 gives their edit screen only a save button; the company settings),
 * disabled with `disableDelete` (the last user). react-admin's default toolbar would bring a
 * delete with its own failure toast everywhere.
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
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <SaveButton />
          <DraftSaveButton />
        </Box>
        {deletable && record?.id !== undefined && record.id !== null && (
          <ConfirmedDeleteButton disabled={disableDelete} />
        )}
      </Box>
    </Toolbar>
  );
}

/**
 * A resource's form, shared by its create and edit screens: the toolbar above, and for records
 * that are shown or hidden on the site (`activatable`, the default) the 'active' switch last,
 * on for a new record. The switch is shown to whoever may change it (`<resource>.is_active`):
 * someone editing their own user profile may not switch themselves on or off.
 */
export function ResourceForm({
  children,
  toolbar = <FormToolbar />,
  defaultValues,
  activatable = true,
  validate,
}: {
  children: ReactNode;
  toolbar?: ReactElement;
  defaultValues?: Record<string, unknown>;
  activatable?: boolean;
  /** A check of the fields together (a document's one owner): field → message key. */
  validate?: (values: Record<string, unknown>) => Record<string, string>;
}) {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<{ id: number }>();
  const readOnly = useReadOnly();
  // an edit screen shows the record as its draft has it, to go on from there
  const drafted = record?.id !== undefined && isDraftable(resource);
  const { data: draft, isPending } = useDraft(resource, record?.id, drafted);
  if (drafted && isPending) return null;
  return (
    <SimpleForm
      record={draft && record ? withDraft(resource, record, draft.data) : record}
      toolbar={readOnly ? false : toolbar}
      disabled={readOnly}
      {...(readOnly ? { component: ReadOnlyBody } : {})}
      defaultValues={activatable ? { is_active: true, ...defaultValues } : defaultValues}
      validate={validate}
    >
      {children}
      {activatable && (
        <CanAccess action="edit" resource={`${resource}.is_active`}>
          <BooleanInput source="is_active" />
        </CanAccess>
      )}
    </SimpleForm>
  );
}

/** A form screen's own heading, where the spec names the screen (settings, a supplier). */
export function FormTitle({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
      {translate(title)}
    </Typography>
  );
}
