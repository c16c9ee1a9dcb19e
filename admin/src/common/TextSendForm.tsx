import { Box, Button, TextField } from '@mui/material';
import { useState } from 'react';

/**
 * A text box and its button, below a list it adds to (a staff note, an answer to the buyer):
 * what is typed is sent trimmed, and cleared once `onSend` succeeds; kept if it fails (the
 * caller says why).
 */
export function TextSendForm({
  label,
  button,
  maxLength,
  pending,
  onSend,
}: {
  label: string;
  button: string;
  maxLength: number;
  pending: boolean;
  onSend: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  return (
    <Box
      component="form"
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        onSend(text.trim()).then(
          () => setText(''),
          () => undefined,
        );
      }}
    >
      <TextField
        size="small"
        multiline
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength } }}
        label={label}
      />
      <Button type="submit" variant="outlined" disabled={!text.trim() || pending}>
        {button}
      </Button>
    </Box>
  );
}
