import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SiteLayout, UiProvider } from '@seatside/ui';
import { PageNotFound } from '@seatside/ui/src/remote/PageNotFound';
import { DashboardFrame, venueSections } from '@seatside/ui/src/frame';
import { TenantSettingsRoutes as SharedSettingsRoutes, type TenantCollection } from '@seatside/ui/src/tenant-settings';
import { MerchantLayout } from '../merchant/MerchantLayout';
import { PaymentConnection } from './PaymentConnection';

const collections: readonly string[] = ['merchants', 'venues', 'apps'] satisfies TenantCollection[];

/** A merchant's and a venue's settings keep their dashboard frame (drawer, name, sandbox switch); an app's have none yet. */
function SettingsFrame({ collection, id, children }: { collection: TenantCollection; id: string; children: ReactNode }) {
  if (collection === 'merchants') return <MerchantLayout merchantId={id}>{children}</MerchantLayout>;
  if (collection === 'venues')
    return (
      <DashboardFrame tenant={{ collection: 'venues', id }} sections={venueSections}>
        {children}
      </DashboardFrame>
    );
  return <SiteLayout>{children}</SiteLayout>;
}

/** /dashboard/:collection/:id/settings/*: the tenant's settings (seed 002 §2) inside the tenant's dashboard frame. */
export default function TenantSettingsRoutes() {
  const { collection = '', id = '' } = useParams();
  if (!collections.includes(collection) || !id) return <PageNotFound />;
  return (
    <UiProvider>
      <SettingsFrame key={`${collection}/${id}`} collection={collection as TenantCollection} id={id}>
        <SharedSettingsRoutes
          tenant={{ collection: collection as TenantCollection, id }}
          // The payment connection screen is a merchant's (seed 002 §2); the orders service serves it.
          {...(collection === 'merchants' ? { extra: { payments: <PaymentConnection merchantId={id} /> } } : {})}
        />
      </SettingsFrame>
    </UiProvider>
  );
}
