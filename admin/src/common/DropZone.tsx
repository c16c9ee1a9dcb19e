import { Box, Typography } from '@mui/material';
import type { DropzoneState } from 'react-dropzone';

/**
 * The dashed box a file is dropped on or picked from (react-dropzone's root and input), shared
 * by the picture and document inputs; `testId` names the input for the browser tests. On a
 * read-only screen (`disabled`) it looks and reads as disabled: greyed, no hand pointer, out of
 * the tab order, and its input disabled, so that nothing invites a drop that will not be taken.
 */
export function DropZone({
  dropzone: { getRootProps, getInputProps, isDragActive },
  id,
  testId,
  text,
  disabled = false,
}: {
  dropzone: DropzoneState;
  id: string;
  testId: string;
  text: string;
  disabled?: boolean | undefined;
}) {
  return (
    <Box
      {...getRootProps({ 'aria-disabled': disabled || undefined })}
      {...(disabled ? { tabIndex: -1 } : {})}
      data-disabled={disabled || undefined}
      sx={{
        border: '2px dashed',
        borderColor: isDragActive ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 2,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        bgcolor: disabled
          ? 'action.disabledBackground'
          : isDragActive
            ? 'action.hover'
            : 'transparent',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <input {...getInputProps({ id, disabled })} data-testid={testId} />
      <Typography variant="body2" color={disabled ? 'text.disabled' : 'text.secondary'}>
        {text}
      </Typography>
    </Box>
  );
}
