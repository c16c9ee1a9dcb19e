import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import type { Translate } from './useSignInForm.ts';

// The pieces both steps' forms are made of, drawn as react-admin's inputs and buttons are.

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  autoComplete: string;
  autoFocus?: boolean;
  type?: string;
  inputRef: (input: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  endAdornment?: ReactNode;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A required field drawn as react-admin's TextInput draws it: the theme's filled field, the
 * label with react-admin's asterisk, and a line below kept for the error (a zero-width space).
 */
export function SignInField({ label, error, endAdornment, htmlInput, ...props }: FieldProps) {
  return (
    <TextField
      {...props}
      className={`ra-input ra-input-${props.name}`}
      label={
        <span>
          {label}
          <span aria-hidden="true">&thinsp;*</span>
        </span>
      }
      error={error !== undefined}
      helperText={error ?? <span>{'\u200b'}</span>}
      fullWidth
      slotProps={{ input: { endAdornment }, htmlInput }}
    />
  );
}

/** react-admin's PasswordInput: the password, with a button that shows or hides it. */
export function PasswordField({ t, ...props }: FieldProps & { t: Translate }) {
  const [visible, setVisible] = useState(false);
  return (
    <SignInField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={t(
              visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
            )}
            onClick={() => setVisible(!visible)}
            size="small"
          >
            {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/** The form's submit button, spinning while the sign-in is under way. */
export function SignInButton({ loading, t }: { loading: boolean; t: Translate }) {
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      disabled={loading}
      startIcon={loading ? <CircularProgress size={18} /> : undefined}
      sx={{ mt: 1 }}
    >
      {t('ra.auth.sign_in')}
    </Button>
  );
}

/**
 * A refused sign-in's reason, in the form above its button, where it stays until the user
 * acts (changes a field, or signs in again): the toast that also says it leaves after two
 * seconds (the spec's), too soon to be read by everyone.
 */
export function Refusal({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Typography
      role="alert"
      data-testid="sign-in-refusal"
      variant="body2"
      sx={{
        mb: 1,
        px: 1.5,
        py: 1,
        borderRadius: 1,
        bgcolor: 'error.main',
        color: 'error.contrastText',
      }}
    >
      {text}
    </Typography>
  );
}
