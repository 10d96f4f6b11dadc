import * as React from 'react';
import { Suspense, lazy, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { ComingSoon, UiProvider, registerReact } from '@seatside/ui';
import { RequireTenantRole } from '@seatside/ui/src/auth';

registerReact(React);

// The shared Users and API Keys screens (antd forms and dialogs) are their own chunk.
const TenantSettingsRoutes = lazy(() => import('@seatside/ui/src/tenant-settings/SettingsRoutes'));

/** Seed 002 §6: every venue section needs the venue role (or admin, or the admin claim). */
function VenueSection({ children }: { children: (venueId: string) => ReactNode }) {
  const { venueId = '' } = useParams();
  return (
    <UiProvider>
      <RequireTenantRole collection="venues" id={venueId}>
        {children(venueId)}
      </RequireTenantRole>
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
              <main id="main-content">
                <Suspense fallback={null}>
                  <TenantSettingsRoutes tenant={{ collection: 'venues', id: venueId }} />
                </Suspense>
              </main>
            )}
          </VenueSection>
        }
      />
      <Route
        path="/dashboard/venues/:venueId/*"
        element={
          <VenueSection>
            {(venueId) => <ComingSoon title={`Venue ${venueId}`}>The venue dashboard is built with the venues issue.</ComingSoon>}
          </VenueSection>
        }
      />
      <Route path="*" element={<ComingSoon title="Venues" />} />
    </Routes>
  );
}
