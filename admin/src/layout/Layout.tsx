import BackupIcon from '@mui/icons-material/Backup';
import TranslateIcon from '@mui/icons-material/Translate';
import NotificationsIcon from '@mui/icons-material/NotificationsActive';
import PublishIcon from '@mui/icons-material/Publish';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AppBar,
  CanAccess,
  Layout as RaLayout,
  LoadingIndicator,
  LocalesMenuButton,
  ToggleThemeButton,
  Logout,
  Menu,
  UserMenu,
  useBasename,
  useTranslate,
} from 'react-admin';
import { BackupWarning } from '../backups/BackupWarning.tsx';
import { ChannelWarning } from '../notifications/ChannelWarning.tsx';
import { PublishingIndicator } from '../publishing/PublishingIndicator.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { DocumentHead } from './DocumentHead.tsx';
import { LanguageMenuItems, ProfileMenuItem, ThemeMenuItem } from './UserMenuItems.tsx';
import { SignedInToast } from './SignedInToast.tsx';

/**
 * 'Akkauntdan chiqish' revokes the token on the server (the auth provider's logout) and goes
 * to the public site's home page, as the spec asks.
 */
function AdminUserMenu({ phone }: { phone: boolean }) {
  return (
    <UserMenu>
      <ProfileMenuItem />
      {phone && <LanguageMenuItems />}
      {phone && <ThemeMenuItem />}
      <Logout redirectTo={`${window.location.origin}/`} />
    </UserMenu>
  );
}

/**
 * The app bar. On a phone (below `sm`) it keeps only what fits beside the title (the
 * indicators, cut short, and the loading spinner); language and theme move into the user menu.
 */
function AdminAppBar() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar
      userMenu={<AdminUserMenu phone={phone} />}
      toolbar={
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            minWidth: 0,
            '& .MuiChip-root': { maxWidth: { xs: 120, sm: 'none' } },
          }}
        >
          {/* lead delivery's health, for whoever works the leads (the API refuses editors) */}
          <CanAccess action="list" resource="leads">
            <ChannelWarning />
          </CanAccess>
          {/* an admin's worry: other roles neither see it nor ask the API for it */}
          <CanAccess action="list" resource="backups">
            <BackupWarning />
          </CanAccess>
          <PublishingIndicator />
          {!phone && <LocalesMenuButton />}
          {!phone && <ToggleThemeButton />}
          <LoadingIndicator />
        </Box>
      }
    />
  );
}

/**
 * A screen's entry in the sidebar, shown to the roles that may open it. Its link carries the
 * admin's basename (/admin) itself: a menu item's `to` is passed to the router as it is, and a
 * bare '/settings' would leave the admin.
 */
function ScreenItem({ area, text, icon }: { area: string; text: string; icon: ReactNode }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <CanAccess action="list" resource={area}>
      <Menu.Item to={`${basename}/${area}`} primaryText={translate(text)} leftIcon={icon} />
    </CanAccess>
  );
}

/**
 * The spec's sidebar: its labels (the resources' names) and icons, then publishing, lead
 * delivery, backups and settings; each entry only for the roles that may open it (react-admin asks the auth
 * provider's `canAccess` for the resources).
 */
function AdminMenu() {
  return (
    <Menu
      // a label longer than the sidebar ("Kompaniya maʼlumotlari") wraps onto a second line
      // when the sidebar is open, rather than being cut off; closed, it shows icons only
      sx={{
        '&.RaMenu-open .MuiMenuItem-root': { whiteSpace: 'normal' },
        '&.RaMenu-open .MuiMenuItem-root .MuiTypography-noWrap': {
          whiteSpace: 'normal',
          overflow: 'visible',
        },
      }}
    >
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <ScreenItem area="publishing" text="conveyor.publishing.menu" icon={<PublishIcon />} />
      <ScreenItem
        area="notifications"
        text="conveyor.notifications.menu"
        icon={<NotificationsIcon />}
      />
      <ScreenItem area="translations" text="conveyor.translations.title" icon={<TranslateIcon />} />
      <ScreenItem area="backups" text="conveyor.backups.menu" icon={<BackupIcon />} />
      <ScreenItem area="settings" text="conveyor.settings.title" icon={<SettingsIcon />} />
    </Menu>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AdminAppBar} menu={AdminMenu}>
      <SignedInToast />
      <DocumentHead />
      <Breadcrumbs />
      {children}
    </RaLayout>
  );
}
