import { useParams } from 'react-router';
import { ComingSoon, SiteLayout, UiProvider } from '@seatside/ui';
import { TenantSettingsRoutes as SharedSettingsRoutes, type TenantCollection } from '@seatside/ui/src/tenant-settings';

const collections: readonly string[] = ['merchants', 'venues', 'apps'] satisfies TenantCollection[];

/** /dashboard/:collection/:id/settings/*: the tenant's settings, Users and API Keys so far (seed 002 §2). */
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
