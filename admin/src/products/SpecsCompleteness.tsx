import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A product's specifications in the list: how many of its category template's attributes it has
 * a value of (`12/14`), marked when a required one is missing; nothing when the template is empty.
 */
export function SpecsCompleteness(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<{
    specs_filled?: number;
    specs_total?: number;
    specs_missing?: number;
  }>();
  const translate = useTranslate();
  if (!record?.specs_total) return null;
  const missing = record.specs_missing ?? 0;
  return (
    <Chip
      size="small"
      variant={missing ? 'filled' : 'outlined'}
      color={missing ? 'warning' : 'default'}
      label={`${record.specs_filled ?? 0}/${record.specs_total}`}
      title={
        missing ? translate('resources.products.specs.incomplete', { count: missing }) : undefined
      }
      data-completeness={missing ? 'incomplete' : 'complete'}
    />
  );
}
