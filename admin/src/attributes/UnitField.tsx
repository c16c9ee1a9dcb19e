import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useLocalizedText } from '../common/fields.tsx';

/** A figure's unit in the list: the label in the staff's language, its UN/CEFACT code beside it. */
export function UnitField(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<{ unit?: string | null }>();
  const label = useLocalizedText('unit');
  if (!record?.unit && !label) return null;
  return (
    <Typography variant="body2" component="span">
      {label}
      {record?.unit ? (
        <Typography component="span" variant="body2" color="text.secondary">
          {label ? ` · ${record.unit}` : record.unit}
        </Typography>
      ) : null}
    </Typography>
  );
}
