import * as React from 'react';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ComingSoon, registerReact } from '@seatside/ui';

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
        <Route path="/dashboard/*" element={<ComingSoon title="Dashboard" />} />
        <Route path="/account/*" element={<AccountRoutes />} />
        <Route path="/register/*" element={<RegisterRoutes />} />
        <Route path="/auth/*" element={<AuthRoutes />} />
        <Route path="*" element={<ComingSoon title="Dashboard" />} />
      </Routes>
    </Suspense>
  );
}
