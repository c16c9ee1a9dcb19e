import { Button, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A toolbar button that says what it does at every width: react-admin's Button drops its label
 * below `sm` and keeps an icon, and the sheet's and the export's icons alone (an arrow down, an
 * arrow up) tell a phone's user nothing. Styled as react-admin's (small, primary).
 */
export function LabelledButton({
  label,
  icon,
  ...props
}: Omit<ButtonProps, 'children'> & { label: string; icon: ReactNode }) {
  const translate = useTranslate();
  return (
    <Button size="small" color="primary" startIcon={icon} {...props}>
      {translate(label)}
    </Button>
  );
}
