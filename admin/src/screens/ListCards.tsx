import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { FieldTitle, RecordContextProvider, useListContext, useResourceContext } from 'react-admin';
import { StatusSwitch } from '../common/StatusSwitch.tsx';
import { DraftMarker } from '../drafts/DraftMarker.tsx';

/**
 * The list on a phone: a card per record holding the same fields as the table's columns, then
 * the status switch and the row's buttons, all within the screen's width (the table would be
 * wider than the screen, its status and buttons out of reach). Compact: each field on one line
 * beside its label, not under it, so that a product's card takes a third of a phone's screen
 * rather than all of it.
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
  const resource = useResourceContext();
  if (isPending || !data) return null;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card variant="outlined" data-testid="list-card">
            <CardContent
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(72px, 30%) minmax(0, 1fr)',
                columnGap: 1.5,
                rowGap: 0.75,
                alignItems: 'baseline',
                overflowWrap: 'anywhere',
                p: 1.5,
                '&:last-child': { pb: 1.5 },
                // a field with nothing to show (a record without a picture) takes no line
                '& .card-value:empty, & .card-label:has(+ .card-value:empty)': {
                  display: 'none',
                },
              }}
            >
              {Children.map(children, (field, index) => {
                if (!isValidElement<{ label?: string; source?: string }>(field)) return null;
                return (
                  <Fragment key={index}>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      className="card-label"
                    >
                      <FieldTitle
                        label={field.props.label}
                        source={field.props.source}
                        resource={resource}
                      />
                    </Typography>
                    <Box className="card-value" sx={{ minWidth: 0, typography: 'body2' }}>
                      {field}
                    </Box>
                  </Fragment>
                );
              })}
              <Box
                sx={{
                  gridColumn: '1 / -1',
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
