import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  AccessDenied,
  Button,
  Create,
  type CreateProps,
  Edit,
  type EditProps,
  TopToolbar,
  useBasename,
  useCanAccess,
  useResourceContext,
} from 'react-admin';
import { ReadOnlyContext } from '../common/readOnly.ts';
import { useErrorToast } from '../common/useErrorToast.ts';
import { DraftPanel } from '../drafts/DraftPanel.tsx';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { SchedulePanel } from '../schedules/SchedulePanel.tsx';

/** 'Orqaga': back to the resource's list (or to `to`), on every form and show screen. */
export function BackToolbar({ to }: { to?: string }) {
  const resource = useResourceContext();
  const basename = useBasename();
  return (
    <TopToolbar sx={{ justifyContent: 'flex-start' }}>
      <Button
        label="conveyor.back"
        component={Link}
        to={to ?? `${basename}/${resource}`}
        startIcon={<ArrowBackIcon />}
        data-testid="back-link"
      />
    </TopToolbar>
  );
}

/** A create screen: back link, the resource's form, the spec's toasts, back to the list. */
export function CreatePage({ children, ...props }: CreateProps & { children: ReactNode }) {
  const onError = useErrorToast('conveyor.errors.form');
  return (
    <Create actions={<BackToolbar />} redirect="list" mutationOptions={{ onError }} {...props}>
      {children}
    </Create>
  );
}

/**
 * An edit screen: same form as create; saves wait for the API and go to the list. Content
 * records show their draft's state above the form, their publishing schedule and their History
 * under it (undo is a restore from there).
 *
 * A role that may read the resource but not change it (sales and the catalogue) gets the same
 * screen read-only: the form disabled, without Save or Delete, so that what they may read opens
 * from its row and its address. Neither may: react-admin's "Access denied". The check
 * is made with the address's id, so that a user's own profile opens for every role.
 */
export function EditPage({ children, ...props }: EditProps & { children: ReactNode }) {
  const onError = useErrorToast('conveyor.errors.form');
  const resource = useResourceContext(props);
  const { id = '' } = useParams();
  const edit = useCanAccess({ action: 'edit', resource, record: { id } });
  const show = useCanAccess({ action: 'show', resource, record: { id } });
  if (edit.isPending || show.isPending) return null;
  if (!edit.canAccess && !show.canAccess) return <AccessDenied />;
  return (
    <ReadOnlyContext.Provider value={!edit.canAccess}>
      <Edit
        actions={<BackToolbar />}
        redirect="list"
        mutationMode="pessimistic"
        // Save publishes the form as it is, its draft included: the draft is spent
        mutationOptions={{ onError, meta: { spendDraft: true } }}
        {...props}
        // checked above, with the record's id and for reading too
        disableAuthentication
      >
        {/* a draft's state and its Preview / Publish / Discard above the form, not below it */}
        <DraftPanel />
        {children}
        <SchedulePanel />
        <HistoryPanel />
      </Edit>
    </ReadOnlyContext.Provider>
  );
}
