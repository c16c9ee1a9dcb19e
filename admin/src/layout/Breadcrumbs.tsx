import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useBasename, useTranslate } from 'react-admin';

/**
 * The screens that are not resources, by their path: every path of the admin's own routes
 * (App.tsx) that is not a resource's; without one the trail showed the raw key
 * `resources.notifications.name`.
 */
export const SCREEN_LABELS: Record<string, string> = {
  settings: 'conveyor.settings.title',
  publishing: 'conveyor.publishing.menu',
  notifications: 'conveyor.notifications.menu',
  backups: 'conveyor.backups.menu',
  translations: 'conveyor.translations.title',
  'two-factor': 'conveyor.two_factor.title',
  // react-admin's own page for a screen the role may not open
  'access-denied': 'ra.page.access_denied',
};

/**
 * The name of the screen at a path of the admin (`/products/12`): its resource's or its own,
 * '' for the dashboard.
 */
export function screenLabel(
  path: string,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  const [resource] = path.split('/').filter(Boolean);
  if (!resource) return '';
  const screen = SCREEN_LABELS[resource];
  return screen ? translate(screen) : translate(`resources.${resource}.name`, { smart_count: 2 });
}

/**
 * The trail of the current screen, built from its path (spec 2.4): resource › create, or
 * resource › #id › show. react-admin's own Breadcrumb is an Enterprise package; this is small.
 */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const basename = useBasename();
  const translate = useTranslate();
  const parts = pathname.slice(basename.length).split('/').filter(Boolean);
  if (parts.length === 0) return null;
  const [resource, ...rest] = parts;
  const resourceLabel = screenLabel(resource!, translate);
  const crumbs = rest.map((part) =>
    part === 'create'
      ? translate('ra.action.create')
      : part === 'show'
        ? translate('ra.action.show')
        : /^\d+$/.test(part)
          ? `#${part}`
          : part,
  );
  return (
    <MuiBreadcrumbs
      aria-label={translate('conveyor.breadcrumb')}
      sx={{ px: 2, pt: 1.5, fontSize: 14 }}
      data-testid="breadcrumbs"
    >
      {crumbs.length ? (
        <Link
          component={RouterLink}
          to={`${basename}/${resource}`}
          underline="hover"
          color="inherit"
        >
          {resourceLabel}
        </Link>
      ) : (
        <Typography color="text.primary" fontSize="inherit">
          {resourceLabel}
        </Typography>
      )}
      {crumbs.map((crumb, index) => (
        <Typography
          key={index}
          color={index === crumbs.length - 1 ? 'text.primary' : 'inherit'}
          fontSize="inherit"
        >
          {crumb}
        </Typography>
      ))}
    </MuiBreadcrumbs>
  );
}
