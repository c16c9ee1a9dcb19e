import {
  type RaRecord,
  useNotify,
  useRecordContext,
  useResourceContext,
  useUpdate,
} from 'react-admin';
import { useErrorToast } from './useErrorToast.ts';

/**
 * A change made in a list row (the status switch, a lead's workflow state): one partial update
 * of the row's record that waits for the API, then `success` as a toast, or the spec's
 * 'could not change' toast with the API's reason.
 */
export function useInPlaceUpdate(success: string) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const onError = useErrorToast('conveyor.errors.toggle');
  const [update, { isPending }] = useUpdate();
  const save = (data: Partial<RaRecord>) => {
    if (!record || !resource) return;
    void update(
      resource,
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(success, { type: 'success' }),
        onError,
      },
    );
  };
  return { record, resource, save, isPending };
}
