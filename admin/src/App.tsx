import type { ReactNode } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import {
  AccessDenied,
  Admin,
  CanAccess,
  CustomRoutes,
  Resource,
  useBasename,
  useResourceContext,
} from 'react-admin';
import { RESOURCES } from '@conveyor/shared';
import { adminProps } from './adminProps.ts';
import { AdminNotification } from './layout/AdminNotification.tsx';
import { Layout } from './layout/Layout.tsx';
import { LoginScreen } from './layout/LoginPage.tsx';
import { dataProvider } from './providers/dataProvider.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { resourceScreens } from './resources.ts';
import activity from './activity/index.ts';
import schedules from './schedules/index.ts';
import { lazyScreen } from './screens/lazyScreen.ts';
import type { ResourceScreens } from './screens/resourceScreens.ts';
import trash from './trash/index.ts';

const SettingsPage = lazyScreen(() => import('./settings/SettingsPage.tsx'), 'SettingsPage');
const NotificationsPage = lazyScreen(
  () => import('./notifications/NotificationsPage.tsx'),
  'NotificationsPage',
);
const BackupsPage = lazyScreen(() => import('./backups/BackupsPage.tsx'), 'BackupsPage');
const TranslationsPage = lazyScreen(
  () => import('./translations/TranslationsPage.tsx'),
  'TranslationsPage',
);
const TwoFactorPage = lazyScreen(() => import('./users/TwoFactorPage.tsx'), 'TwoFactorPage');
const PublishingPage = lazyScreen(
  () => import('./publishing/PublishingPage.tsx'),
  'PublishingPage',
);

/** The spec's old paths (`/admin/x/edit/5`, `/admin/leads/view/5`) lead to react-admin's own. */
function EditRedirect({ resource }: { resource: string }) {
  const { id } = useParams();
  return <Navigate to={`/admin/${resource}/${id}`} replace />;
}
function LeadViewRedirect() {
  const { id } = useParams();
  return <Navigate to={`/admin/leads/${id}/show`} replace />;
}

/** The resources with an edit screen: their spec addresses `/<resource>/edit/:id` redirect. */
const EDITABLE = RESOURCES.filter((name) => resourceScreens[name].edit);

/** To the current resource's list: for an address of a screen the resource does not have. */
function ToList() {
  const resource = useResourceContext();
  const basename = useBasename();
  return <Navigate to={`${basename}/${resource}`} replace />;
}
function ToShow() {
  const resource = useResourceContext();
  const basename = useBasename();
  const { id } = useParams();
  return <Navigate to={`${basename}/${resource}/${id}/show`} replace />;
}

/**
 * The addresses of screens a resource does not have, alike for every resource: its create
 * address goes to its list, a record's edit address to the record's view or else the list.
 * Without them `/leads/create` drew an empty screen, and `/suppliers/create` asked the API for
 * a record "create" (the edit route) and failed back to the list.
 */
function missingScreenRoutes({ create, edit, show }: ResourceScreens) {
  return [
    !create && <Route key="create" path="create/*" element={<ToList />} />,
    !edit && <Route key="edit" path=":id/*" element={show ? <ToShow /> : <ToList />} />,
  ];
}

/** A screen that is not a resource, opened only by the roles that may (DESIGN 9, roles). */
function Screen({ area, children }: { area: string; children: ReactNode }) {
  return (
    <CanAccess action="list" resource={area} accessDenied={<AccessDenied />}>
      {children}
    </CanAccess>
  );
}

/**
 * The admin: react-admin's Admin with its layout, dashboard, resources and screens, under
 * /admin. Shell.tsx loads it lazily: the sign-in screen does not need it.
 */
export function AdminApp() {
  return (
    <Admin
      {...adminProps}
      dataProvider={dataProvider}
      disableTelemetry
      // each role lands on its own work, not on the first list it may read
      dashboard={Dashboard}
      layout={Layout}
      loginPage={LoginScreen}
      notification={AdminNotification}
      requireAuth
    >
      {RESOURCES.map((name) => (
        <Resource key={name} name={name} {...resourceScreens[name]}>
          {missingScreenRoutes(resourceScreens[name])}
        </Resource>
      ))}
      {/* not a registry resource: the log is read-only, and for admins only (canAccess) */}
      <Resource name="activity" {...activity} />
      {/* not a registry resource either: deleted records, to restore or delete for good */}
      <Resource name="trash" {...trash} />
      {/* nor is what is scheduled: a record's schedule is set on its edit screen */}
      <Resource name="schedules" {...schedules} />
      <CustomRoutes>
        {/* every signed-in user's own; where an admin must first turn it on lands */}
        <Route path="/two-factor" element={<TwoFactorPage />} />
        <Route
          path="/settings"
          element={
            <Screen area="settings">
              <SettingsPage />
            </Screen>
          }
        />
        <Route
          path="/publishing"
          element={
            <Screen area="publishing">
              <PublishingPage />
            </Screen>
          }
        />
        <Route
          path="/notifications"
          element={
            <Screen area="notifications">
              <NotificationsPage />
            </Screen>
          }
        />
        <Route
          path="/backups"
          element={
            <Screen area="backups">
              <BackupsPage />
            </Screen>
          }
        />
        <Route
          path="/translations"
          element={
            <Screen area="translations">
              <TranslationsPage />
            </Screen>
          }
        />
      </CustomRoutes>
      <CustomRoutes noLayout>
        {EDITABLE.map((resource) => (
          <Route
            key={resource}
            path={`/${resource}/edit/:id`}
            element={<EditRedirect resource={resource} />}
          />
        ))}
        <Route path="/leads/view/:id" element={<LeadViewRedirect />} />
      </CustomRoutes>
    </Admin>
  );
}
