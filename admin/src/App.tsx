import CategoryIcon from '@mui/icons-material/Category';
import HandshakeIcon from '@mui/icons-material/Handshake';
import InventoryIcon from '@mui/icons-material/Inventory2';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import RateReviewIcon from '@mui/icons-material/RateReview';
import StorefrontIcon from '@mui/icons-material/Storefront';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import WorkIcon from '@mui/icons-material/Work';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router-dom';
import {
  Admin,
  AdminContext,
  CustomRoutes,
  defaultDarkTheme,
  defaultLightTheme,
  localStorageStore,
  Resource,
} from 'react-admin';
import { LOGIN_PATH } from './config.ts';
import { i18nProvider } from './i18n/index.ts';
import { AdminNotification, Layout } from './layout/Layout.tsx';
import { LoginPage } from './layout/LoginPage.tsx';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import * as screens from './resources.tsx';

const shared = {
  dataProvider,
  authProvider,
  i18nProvider,
  store: localStorageStore(undefined, 'conveyor-admin'),
  theme: defaultLightTheme,
  darkTheme: defaultDarkTheme,
  basename: '/admin',
};

function LoginScreen() {
  return (
    <>
      <LoginPage />
      <AdminNotification />
    </>
  );
}

/** The spec's old paths (`/admin/x/edit/5`, `/admin/leads/view/5`) lead to react-admin's own. */
function EditRedirect({ resource }: { resource: string }) {
  const { id } = useParams();
  return <Navigate to={`/admin/${resource}/${id}`} replace />;
}
function LeadViewRedirect() {
  const { id } = useParams();
  return <Navigate to={`/admin/leads/${id}/show`} replace />;
}

const EDITABLE = [
  'users',
  'categories',
  'products',
  'media',
  'project',
  'testimonials',
  'clients',
  'suppliers',
];

function AdminApp() {
  return (
    <Admin
      {...shared}
      disableTelemetry
      layout={Layout}
      loginPage={LoginScreen}
      notification={AdminNotification}
      requireAuth
    >
      <Resource
        name="users"
        list={screens.UserList}
        create={screens.UserCreate}
        edit={screens.UserEdit}
        icon={PeopleIcon}
        recordRepresentation="user_name"
      />
      <Resource
        name="categories"
        list={screens.CategoryList}
        create={screens.CategoryCreate}
        edit={screens.CategoryEdit}
        icon={CategoryIcon}
        recordRepresentation="name_uz"
      />
      <Resource
        name="products"
        list={screens.ProductList}
        create={screens.ProductCreate}
        edit={screens.ProductEdit}
        icon={InventoryIcon}
        recordRepresentation="name_uz"
      />
      <Resource
        name="media"
        list={screens.MediaList}
        create={screens.MediaCreate}
        edit={screens.MediaEdit}
        icon={VideoLibraryIcon}
        recordRepresentation="title_uz"
      />
      <Resource
        name="project"
        list={screens.ProjectList}
        create={screens.ProjectCreate}
        edit={screens.ProjectEdit}
        icon={WorkIcon}
        recordRepresentation="title_uz"
      />
      <Resource
        name="leads"
        list={screens.LeadList}
        show={screens.LeadShow}
        icon={MailIcon}
        recordRepresentation="name"
      />
      <Resource
        name="testimonials"
        list={screens.TestimonialList}
        create={screens.TestimonialCreate}
        edit={screens.TestimonialEdit}
        icon={RateReviewIcon}
        recordRepresentation="name_uz"
      />
      <Resource
        name="clients"
        list={screens.ClientList}
        create={screens.ClientCreate}
        edit={screens.ClientEdit}
        icon={HandshakeIcon}
        recordRepresentation="name"
      />
      <Resource
        name="suppliers"
        list={screens.SupplierList}
        edit={screens.SupplierEdit}
        icon={StorefrontIcon}
        recordRepresentation="company_name"
      />
      <CustomRoutes>
        <Route path="/settings" element={<screens.SettingsPage />} />
        <Route path="/publishing" element={<screens.PublishingPage />} />
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

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={LOGIN_PATH}
          element={
            <AdminContext {...shared}>
              <LoginScreen />
            </AdminContext>
          }
        />
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
