import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LOGIN_PATH } from './config.ts';
import { LoginScreen } from './layout/LoginPage.tsx';

/**
 * The admin (App.tsx: react-admin's Admin, its layout, dashboard and resources) loads apart
 * from the sign-in screen, which needs none of it: the first screen of a signed-out visitor is
 * the sign-in form alone.
 */
let admin: ComponentType | undefined;
export const loadAdmin = (): Promise<unknown> =>
  import('./App.tsx').then(({ AdminApp }) => (admin = AdminApp));

/**
 * Whether the page opens on an address of the admin: main.tsx then waits for the admin's code
 * before drawing it. Drawn before, it would wait behind a Suspense fallback, whose content React
 * reveals no sooner than 300 ms after it showed the fallback.
 */
export const opensAdmin = () => window.location.pathname !== LOGIN_PATH;

const LazyAdmin = lazy(async () => {
  await loadAdmin();
  return { default: admin! };
});

/** The admin, at once once its code is in (main.tsx, or the sign-in screen loaded it). */
function AdminRoute() {
  const Admin = admin;
  if (Admin) return <Admin />;
  return (
    <Suspense fallback={null}>
      <LazyAdmin />
    </Suspense>
  );
}

/**
 * The spec's sign-in path: our form, without react-admin (LoginPage.tsx). The admin that
 * follows a sign-in loads while the user types.
 */
function SignIn() {
  useEffect(() => void loadAdmin().catch(() => undefined), []);
  return <LoginScreen />;
}

/**
 * The back office's root: the sign-in screen at the spec's path, the admin under /admin, and
 * everything else sent to /admin.
 */
export function Shell() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={LOGIN_PATH} element={<SignIn />} />
        <Route path="/admin/*" element={<AdminRoute />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
