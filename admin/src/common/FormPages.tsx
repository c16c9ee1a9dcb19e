import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Create,
  type CreateProps,
  Edit,
  type EditProps,
  TopToolbar,
  useBasename,
  useResourceContext,
} from 'react-admin';
import { DraftPanel } from '../drafts/DraftPanel.tsx';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { SchedulePanel } from '../schedules/SchedulePanel.tsx';
import { useErrorToast } from './useErrorToast.ts';

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
 */
export function EditPage({ children, ...props }: EditProps & { children: ReactNode }) {
  const onError = useErrorToast('conveyor.errors.form');
  return (
    <Edit
      actions={<BackToolbar />}
      redirect="list"
      mutationMode="pessimistic"
      // Save publishes the form as it is, its draft included (issue 17): the draft is spent
      mutationOptions={{ onError, meta: { spendDraft: true } }}
      {...props}
    >
      {/* a draft's state and its Preview / Publish / Discard above the form, not below it */}
      <DraftPanel />
      {children}
      <SchedulePanel />
      <HistoryPanel />
    </Edit>
  );
}
