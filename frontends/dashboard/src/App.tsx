import * as React from 'react';
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { registerReact } from '@seatside/ui';
import { PageNotFound } from '@seatside/ui/src/remote/PageNotFound';

registerReact(React);

// Each area is its own chunk: a visit to /auth/login does not load the account or settings screens.
const AuthRoutes = lazy(() => import('./auth/AuthRoutes'));
const AccountRoutes = lazy(() => import('./account/AccountRoutes'));
const TenantSettingsRoutes = lazy(() => import('./settings/TenantSettingsRoutes'));
const RegisterRoutes = lazy(() => import('./register/RegisterRoutes'));
const MerchantRoutes = lazy(() => import('./merchant/MerchantRoutes'));
const VenueTagsRoutes = lazy(() => import('./tags/VenueTags'));
// Full screen, outside the merchant frame (issue 27).
const KitchenDisplay = lazy(() => import('./kitchen/KitchenDisplay'));
const RunnerView = lazy(() => import('./kitchen/RunnerView'));
const VenueTemplatesRoutes = lazy(() => import('./templates/VenueTemplates'));

/** /dashboard/apps/{id}, where registering an app and its account card lead: the app's settings. */
function AppHome() {
  const { appId = '' } = useParams();
  return <Navigate to={`/dashboard/apps/${encodeURIComponent(appId)}/settings`} replace />;
}

/** The dashboard remote: account, registration, sign-in and the merchant dashboard. Paths are absolute. */
export default function App() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/dashboard/:collection/:id/settings/*" element={<TenantSettingsRoutes />} />
        <Route path="/dashboard/merchants/:merchantId/kitchen" element={<KitchenDisplay />} />
        <Route path="/dashboard/merchants/:merchantId/runner" element={<RunnerView />} />
        <Route path="/dashboard/merchants/:merchantId/*" element={<MerchantRoutes />} />
        <Route path="/dashboard/venues/:venueId/tags/*" element={<VenueTagsRoutes />} />
        <Route path="/dashboard/venues/:venueId/templates/*" element={<VenueTemplatesRoutes />} />
        {/* An app has its settings (and nothing else) in the dashboard: its address opens them. */}
        <Route path="/dashboard/apps/:appId" element={<AppHome />} />
        {/* The dashboard's root and a collection's have no page of their own: the account lists the user's tenants. */}
        <Route path="/dashboard" element={<Navigate to="/account" replace />} />
        <Route path="/dashboard/:collection" element={<Navigate to="/account" replace />} />
        <Route path="/dashboard/*" element={<PageNotFound />} />
        <Route path="/account/*" element={<AccountRoutes />} />
        <Route path="/register/*" element={<RegisterRoutes />} />
        <Route path="/auth/*" element={<AuthRoutes />} />
        <Route path="*" element={<PageNotFound />} />
      </Routes>
    </Suspense>
  );
}
