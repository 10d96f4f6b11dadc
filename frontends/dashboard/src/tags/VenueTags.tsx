import { useParams } from 'react-router';
import { UiProvider } from '@seatside/ui';
import { DashboardFrame, venueRoles, venueSections } from '@seatside/ui/src/frame';
import TagsRoutes from './TagsRoutes';

/**
 * /dashboard/venues/{venueId}/tags/* (seed 002 §5: a venue has Tags too): the same tag screens in
 * the venue's dashboard frame. The shell sends this path to the dashboard remote
 * (frontends/shell/src/routes.ts).
 */
export default function VenueTagsRoutes() {
  const { venueId = '' } = useParams();
  return (
    <UiProvider>
      <DashboardFrame key={venueId} tenant={{ collection: 'venues', id: venueId }} sections={venueSections} role={venueRoles.tags}>
        <TagsRoutes owner={{ collection: 'venues', id: venueId }} />
      </DashboardFrame>
    </UiProvider>
  );
}
