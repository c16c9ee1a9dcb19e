import { Card, CardContent } from '@mui/material';
import { Title, useRedirect } from 'react-admin';
import { OwnTwoFactor } from './TwoFactorPanel.tsx';

/**
 * One's own two-factor set-up as a screen of its own: where an administrator lands who must
 * turn it on first (TWO_FACTOR_REQUIRED_FOR_ADMINS), and goes on to the admin once the recovery
 * codes are saved.
 */
export function TwoFactorPage() {
  const redirect = useRedirect();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="conveyor.two_factor.title" />
      <CardContent>
        <OwnTwoFactor onDone={() => redirect('/')} />
      </CardContent>
    </Card>
  );
}
