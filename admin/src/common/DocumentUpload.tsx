import { ACCEPTED_DOCUMENT_EXTENSIONS, documentFile, formatFileSize } from '@conveyor/shared';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionIcon from '@mui/icons-material/Description';
import { Box, FormHelperText, IconButton, InputLabel, Link, Typography } from '@mui/material';
import { useDropzone } from 'react-dropzone';
import { useInput, useResourceContext, useTranslate } from 'react-admin';
import { fileUrl } from '../config.ts';
import type { ImageValue } from '../providers/dataProvider.ts';
import { DropZone } from './DropZone.tsx';

/** What the input shows of its value: a stored document (its key) or a file just chosen. */
function describe(value: unknown): { name: string; size: number; href?: string } | null {
  if (!value) return null;
  if (typeof value === 'string') {
    const stored = documentFile(value);
    return stored
      ? { name: stored.name, size: stored.size, href: fileUrl(value) }
      : { name: value, size: 0 };
  }
  const chosen = (value as ImageValue).rawFile;
  return chosen ? { name: chosen.name, size: chosen.size } : null;
}

/**
 * A document's file: dropped or picked (PDF, DWG, DXF, STEP, ZIP), shown by its name and size
 * with a link to the stored one, removable. The pictures' drop zone (DropZone);
 * the value is what the data provider sends: a stored key, a new file, or null. The picker
 * offers the documents' extensions only; the API decides by the bytes and says why it refuses.
 */
export function DocumentUpload({ source }: { source: string }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const {
    id,
    field: { value, onChange, onBlur, disabled },
    fieldState: { error },
  } = useInput({ source, parse: (current: unknown) => current });
  const shown = describe(value);
  const dropzone = useDropzone({
    multiple: false,
    disabled,
    accept: { 'application/octet-stream': ACCEPTED_DOCUMENT_EXTENSIONS },
    onDrop: (accepted) => {
      const file = accepted[0];
      if (!file) return;
      onChange({ rawFile: file, src: '', title: file.name } satisfies ImageValue);
      onBlur();
    },
  });
  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <InputLabel htmlFor={id} shrink sx={{ mb: 1 }}>
        {translate(`resources.${resource}.fields.${source}`)}
      </InputLabel>
      <DropZone
        dropzone={dropzone}
        id={id}
        testId={`upload-${source}`}
        disabled={disabled}
        text={translate('conveyor.documents.drop', {
          formats: ACCEPTED_DOCUMENT_EXTENSIONS.join(' '),
        })}
      />
      {shown && (
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}
          data-testid="document-file"
        >
          <DescriptionIcon fontSize="small" color="action" />
          {shown.href ? (
            <Link href={shown.href} target="_blank" rel="noopener">
              {shown.name}
            </Link>
          ) : (
            <Typography variant="body2">{shown.name}</Typography>
          )}
          {shown.size > 0 && (
            <Typography variant="body2" color="text.secondary">
              {formatFileSize(shown.size)}
            </Typography>
          )}
          <IconButton
            size="small"
            aria-label={translate('conveyor.documents.remove')}
            onClick={() => {
              onChange(null);
              onBlur();
            }}
            disabled={disabled}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      {error?.message && <FormHelperText error>{translate(error.message)}</FormHelperText>}
    </Box>
  );
}
