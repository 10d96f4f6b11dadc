import * as React from 'react';
import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { UiProvider, registerReact } from '@seatside/ui';
import { PageNotFound } from '@seatside/ui/src/remote/PageNotFound';
import { DashboardFrame, venueRoles, venueSections } from '@seatside/ui/src/frame';

registerReact(React);

// The shared Users and API Keys screens (antd forms and dialogs) are their own chunk.
const TenantSettingsRoutes = lazy(() => import('@seatside/ui/src/tenant-settings/SettingsRoutes'));
const VenueHome = lazy(() => import('./home/VenueHome'));

/**
 * Seed 002 §6: every venue section needs its role (or admin, or the admin claim); the frame guards
 * it, showing the 401 page inside the venue layout to a member without it.
 */
function VenueSection({ role, children }: { role: 'admin' | 'teamMember'; children: (venueId: string) => ReactNode }) {
  const { venueId = '' } = useParams();
  return (
    <UiProvider>
      <DashboardFrame key={venueId} tenant={{ collection: 'venues', id: venueId }} sections={venueSections} role={role}>
        <Suspense fallback={null}>{children(venueId)}</Suspense>
      </DashboardFrame>
    </UiProvider>
  );
}

/** The venue remote: the venue dashboard under /dashboard/venues/{id}. Paths are absolute. */
export default function App() {
  return (
    <Routes>
      <Route
        path="/dashboard/venues/:venueId/settings/*"
        element={<VenueSection role={venueRoles.settings}>{(venueId) => <TenantSettingsRoutes tenant={{ collection: 'venues', id: venueId }} />}</VenueSection>}
      />
      <Route path="/dashboard/venues/:venueId/*" element={<VenueSection role={venueRoles.home}>{(venueId) => <VenueHome venueId={venueId} />}</VenueSection>} />
      {/* The venues' root has no page of its own: the account lists the user's venues. */}
      <Route path="/dashboard/venues" element={<Navigate to="/account" replace />} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
