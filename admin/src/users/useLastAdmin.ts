import { type RaRecord, useGetList, useRecordContext } from 'react-admin';

/** More than any company has admins: the count needs only "one or more than one". */
const ADMINS_PAGE = 100;

/**
 * Whether the record is the last active admin, who cannot be deleted (nor deactivated or
 * demoted: the API refuses those with the reason): without one nobody could manage the back
 * office. Counted over all users, not the list's page or search. Locked while the count is
 * unknown.
 */
export function useLastAdmin(record: RaRecord | undefined = undefined): boolean {
  const context = useRecordContext();
  const user = record ?? context;
  const { data } = useGetList('users', {
    pagination: { page: 1, perPage: ADMINS_PAGE },
    sort: { field: 'id', order: 'ASC' },
    filter: { role: 'admin' },
  });
  if (!user || user.role !== 'admin' || !user.is_active) return false;
  if (data === undefined) return true;
  return data.filter((admin) => admin.is_active && admin.id !== user.id).length === 0;
}
