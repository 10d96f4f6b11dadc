import { useParams } from 'react-router';
import { SiteLayout, UiProvider } from '@seatside/ui';
import { RequireTenantRole, useMe } from '@seatside/ui/src/auth';
import { ModeToggle, useTestMode, useTestModeOf } from '@seatside/ui/src/mode';
import '../merchant/styles';
import TagsRoutes from './TagsRoutes';


function VenueTagsFrame({ venueId }: { venueId: string }) {
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
        <TagsRoutes owner={{ collection: 'venues', id: venueId }} />
      </div>
    </div>
  );
}

/**
 * /dashboard/venues/{venueId}/tags/* (seed 002 §5: a venue has Tags too): the same tag screens in a
 * plain frame with the mode switch, until the venue dashboard has its own drawer. The shell sends
 * this path to the dashboard remote (frontends/shell/src/routes.ts).
 */
export default function VenueTagsRoutes() {
  const { venueId = '' } = useParams();
  return (
    <SiteLayout>
      <UiProvider>
        <RequireTenantRole collection="venues" id={venueId}>
          <VenueTagsFrame key={venueId} venueId={venueId} />
        </RequireTenantRole>
      </UiProvider>
    </SiteLayout>
  );
}
