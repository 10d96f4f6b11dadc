import { useParams } from 'react-router';
import { ComingSoon, SiteLayout, UiProvider } from '@seatside/ui';
import { TenantSettingsRoutes as SharedSettingsRoutes, type TenantCollection } from '@seatside/ui/src/tenant-settings';

const collections: readonly string[] = ['merchants', 'venues', 'apps'] satisfies TenantCollection[];

/** /dashboard/:collection/:id/settings/*: the tenant's settings (seed 002 §2): Branding, Users, API Keys and, for merchants, Test Data so far. */
export default function TenantSettingsRoutes() {
  const { collection = '', id = '' } = useParams();
  if (!collections.includes(collection) || !id) return <ComingSoon title="Settings" />;
  return (
    <SiteLayout>
      <UiProvider>
        <SharedSettingsRoutes tenant={{ collection: collection as TenantCollection, id }} />
      </UiProvider>
    </SiteLayout>
  );
}
