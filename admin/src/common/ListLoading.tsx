import { Box, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/**
 * A list's rows while its first page loads: grey bars at once, where react-admin's table and
 * our phone cards draw nothing for the first second (its placeholder waits that long). A Save
 * that goes back to a list not read yet left the screen empty under its filters meanwhile.
 */
export function ListLoading({ children }: { children: ReactNode }) {
  const { isPending } = useListContext();
  const translate = useTranslate();
  if (!isPending) return children;
  return (
    <Box
      data-testid="list-loading"
      role="progressbar"
      aria-busy="true"
      aria-label={translate('ra.page.loading')}
      sx={{ p: 1 }}
    >
      {Array.from({ length: 5 }, (_, row) => (
        <Skeleton key={row} variant="rounded" height={40} sx={{ my: 1, opacity: 1 / (row + 1) }} />
      ))}
    </Box>
  );
}
