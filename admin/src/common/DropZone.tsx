import { Box, Typography } from '@mui/material';
import type { DropzoneState } from 'react-dropzone';

/**
 * The dashed box a file is dropped on or picked from (react-dropzone's root and input), shared
 * by the picture and document inputs; `testId` names the input for the browser tests.
 */
export function DropZone({
  dropzone: { getRootProps, getInputProps, isDragActive },
  id,
  testId,
  text,
}: {
  dropzone: DropzoneState;
  id: string;
  testId: string;
  text: string;
}) {
  return (
    <Box
      {...getRootProps()}
      sx={{
        border: '2px dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 2,
        textAlign: 'center',
        cursor: 'pointer',
        bgcolor: isDragActive ? 'action.hover' : 'transparent',
      }}
    >
      <input {...getInputProps({ id })} data-testid={testId} />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
