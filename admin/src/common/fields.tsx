import { DESCRIPTION_PREVIEW_LENGTH } from '@conveyor/shared';
import { Typography } from '@mui/material';
import { useListContext, useRecordContext } from 'react-admin';

/** The row's number across pages: (page − 1) × page size + position. */
export function RowNumber(_props: { label?: string }) {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  if (!record || !data) return null;
  const index = data.findIndex((row) => row.id === record.id);
  return <span>{(page - 1) * perPage + index + 1}</span>;
}

/** The first 30 characters of a text, as the spec's list columns show descriptions. */
export function TruncatedText({
  source,
  length = DESCRIPTION_PREVIEW_LENGTH,
}: {
  source: string;
  label?: string;
  sortable?: boolean;
  length?: number;
}) {
  const record = useRecordContext();
  const text = String(record?.[source] ?? '');
  const short = text.length > length ? `${text.slice(0, length)}…` : text;
  return (
    <Typography variant="body2" component="span" title={text.length > length ? text : undefined}>
      {short}
    </Typography>
  );
}
