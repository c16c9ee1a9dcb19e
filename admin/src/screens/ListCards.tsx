import { Box, Card, CardContent, Stack } from '@mui/material';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Labeled, RecordContextProvider, useListContext } from 'react-admin';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { DraftMarker } from '../drafts/DraftMarker.tsx';

/**
 * The list on a phone: a card per record holding the same fields as the table's columns, each
 * under its label, then the status switch and the row's buttons, all within the screen's width
 * (the table would be wider than the screen, its status and buttons out of reach).
 */
export function ListCards({
  children,
  status,
  rowActions,
}: {
  children: ReactNode;
  status: boolean;
  rowActions: ReactElement;
}) {
  const { data, isPending } = useListContext();
  if (isPending || !data) return null;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card variant="outlined" data-testid="list-card">
            <CardContent sx={{ display: 'grid', gap: 1, overflowWrap: 'anywhere' }}>
              {Children.map(children, (field) =>
                isValidElement(field) ? <Labeled>{field}</Labeled> : null,
              )}
              <Box
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  justifyContent: status ? 'space-between' : 'flex-end',
                  gap: 1,
                }}
              >
                {status && <StatusSwitch />}
                {/* nothing for a record without unpublished changes */}
                <DraftMarker />
                {rowActions}
              </Box>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}
