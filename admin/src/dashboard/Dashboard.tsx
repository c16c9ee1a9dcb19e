import type { Role } from '@conveyor/shared';
import { Box, Card, CardContent } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { BackupsCard } from './BackupsCard.tsx';
import { type DashboardCard, dashboardCards } from './cards.ts';
import { Loading } from './DashCard.tsx';
import { DraftsCard } from './DraftsCard.tsx';
import { NewRecordsCard } from './NewRecordsCard.tsx';
import { PublishingCard } from './PublishingCard.tsx';
import { SchedulesCard } from './SchedulesCard.tsx';
import { SigninsCard } from './SigninsCard.tsx';
import { TranslationsCard } from './TranslationsCard.tsx';

/** One of the cards `dashboardCards` gives the role. */
function CardOf({ card, role }: { card: DashboardCard; role: Role }) {
  switch (card) {
    case 'leads':
    case 'suppliers':
      return <NewRecordsCard resource={card} />;
    case 'drafts':
      return <DraftsCard role={role} />;
    case 'schedules':
      return <SchedulesCard />;
    case 'translations':
      return <TranslationsCard />;
    case 'publishing':
      return <PublishingCard />;
    case 'backups':
      return <BackupsCard />;
    case 'signins':
      return <SigninsCard />;
  }
}

const grid = {
  p: 2,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
} as const;

/**
 * The landing screen (react-admin's `dashboard`): the signed-in role's own work, each card a
 * link to the screen where it is done. Skeletons stand where the role and the numbers are
 * still on their way, so that no role lands on a blank page or on a screen not its own.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const role = identity?.role as Role | undefined;
  return (
    <Box sx={grid} data-testid="dashboard">
      <Title title={translate('ra.page.dashboard')} />
      {role ? (
        dashboardCards(role).map((card) => <CardOf key={card} card={card} role={role} />)
      ) : (
        <>
          {[0, 1, 2].map((key) => (
            <Card key={key}>
              <CardContent>
                <Loading />
              </CardContent>
            </Card>
          ))}
        </>
      )}
    </Box>
  );
}
