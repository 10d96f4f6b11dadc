import { useParams } from 'react-router';
import { SiteLayout, UiProvider } from '@seatside/ui';
import { RequireTenantRole, useMe } from '@seatside/ui/src/auth';
import { ModeToggle, useTestMode, useTestModeOf } from '@seatside/ui/src/mode';
import '../merchant/styles';
import TemplatesRoutes from './TemplatesRoutes';

function VenueTemplatesFrame({ venueId }: { venueId: string }) {
  const { me } = useMe();
  const ready = useTestModeOf(me?.uid ?? null);
  const testMode = useTestMode((s) => s.testMode);
  if (!ready) return null;
  return (
    <div className={testMode ? 'mer-frame mer-sandbox' : 'mer-frame'} data-testid="venue-frame" style={{ gridTemplateColumns: '1fr' }}>
      <div className="mer-bar">
        <p className="mer-bar-title">
          Venue
          {testMode && <span className="mer-badge">sandbox</span>}
        </p>
        <ModeToggle />
      </div>
      <div className="mer-content">
        <TemplatesRoutes owner={{ collection: 'venues', id: venueId }} />
      </div>
    </div>
  );
}

/** /dashboard/venues/{venueId}/templates/* (seed 002 §5: a venue has Templates too), framed like its tags until the venue dashboard has its drawer. */
export default function VenueTemplatesRoutes() {
  const { venueId = '' } = useParams();
  return (
    <SiteLayout>
      <UiProvider>
        <RequireTenantRole collection="venues" id={venueId}>
          <VenueTemplatesFrame key={venueId} venueId={venueId} />
        </RequireTenantRole>
      </UiProvider>
    </SiteLayout>
  );
}
