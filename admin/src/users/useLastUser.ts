import { useGetList } from 'react-admin';

/**
 * Whether the last user is left, counted over all users: the list's `total` follows its search
 * box, and a search that finds one user must not lock that user's delete. Locked while the
 * count is unknown; the API refuses deleting the last user too.
 */
export function useLastUser(): boolean {
  const { total } = useGetList('users', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  return total === undefined || total <= 1;
}
