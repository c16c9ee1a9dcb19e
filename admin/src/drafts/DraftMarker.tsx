import { isDraftable } from '@conveyor/shared';
import { Chip } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { ColumnProps } from '../common/gridFit.ts';
import { useDraftIds } from './api.ts';

/** A list row's mark when its record has unpublished changes; nothing otherwise. */
export function DraftMarker(_props: ColumnProps) {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const { data: ids } = useDraftIds(resource, isDraftable(resource));
  if (!record || !ids?.has(record.id)) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={translate('conveyor.drafts.marker')}
      data-testid="draft-marker"
    />
  );
}
