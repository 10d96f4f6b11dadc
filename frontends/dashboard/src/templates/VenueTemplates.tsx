import { useParams } from 'react-router';
import { UiProvider } from '@seatside/ui';
import { DashboardFrame, venueRoles, venueSections } from '@seatside/ui/src/frame';
import TemplatesRoutes from './TemplatesRoutes';

/**
 * /dashboard/venues/{venueId}/templates/* (seed 002 §5: a venue has Templates too): the template
 * designer in the venue's dashboard frame. The shell sends this path to the dashboard remote
 * (frontends/shell/src/routes.ts).
 */
export default function VenueTemplatesRoutes() {
  const { venueId = '' } = useParams();
  return (
    <UiProvider>
      <DashboardFrame key={venueId} tenant={{ collection: 'venues', id: venueId }} sections={venueSections} role={venueRoles.templates}>
        <TemplatesRoutes owner={{ collection: 'venues', id: venueId }} />
      </DashboardFrame>
    </UiProvider>
  );
}
