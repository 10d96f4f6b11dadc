import * as React from 'react';
import { Suspense, lazy, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { ComingSoon, UiProvider, registerReact } from '@seatside/ui';
import { DashboardFrame, venueSections } from '@seatside/ui/src/frame';

registerReact(React);

// The shared Users and API Keys screens (antd forms and dialogs) are their own chunk.
const TenantSettingsRoutes = lazy(() => import('@seatside/ui/src/tenant-settings/SettingsRoutes'));

/** Seed 002 §6: every venue section needs the venue role (or admin, or the admin claim); the frame guards it. */
function VenueSection({ children }: { children: (venueId: string) => ReactNode }) {
  const { venueId = '' } = useParams();
  return (
    <UiProvider>
      <DashboardFrame key={venueId} tenant={{ collection: 'venues', id: venueId }} sections={venueSections}>
        {children(venueId)}
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
        element={
          <VenueSection>
            {(venueId) => (
              <Suspense fallback={null}>
                <TenantSettingsRoutes tenant={{ collection: 'venues', id: venueId }} />
              </Suspense>
            )}
          </VenueSection>
        }
      />
      <Route
        path="/dashboard/venues/:venueId/*"
        element={<VenueSection>{() => <ComingSoon title="Venue" as="section">This page of the venue dashboard is not available yet.</ComingSoon>}</VenueSection>}
      />
      <Route path="*" element={<ComingSoon title="Venues" />} />
    </Routes>
  );
}
