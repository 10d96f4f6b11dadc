import type { ReactNode } from 'react';
import type { TenantCard } from '@seatside/ui/src/auth';
import { DashboardFrame, useTenantCard } from '@seatside/ui/src/frame';
import { merchantSections } from './sections';
import './styles';

/** The merchant as /auth/me lists it (a platform admin may open a merchant they are no member of). */
export function useMerchantCard(merchantId: string): TenantCard | undefined {
  return useTenantCard({ collection: 'merchants', id: merchantId });
}

/**
 * Seed 001 §2 and §4: the frame of /dashboard/merchants/:merchantId/* (settings included): the top
 * bar (name and icon, tenant switcher, sandbox/production switch, account menu), the side drawer in
 * the spec's order and the page, guarded by the merchant role. Render inside a <UiProvider>.
 */
export function MerchantLayout({ merchantId, children }: { merchantId: string; children: ReactNode }) {
  return (
    <DashboardFrame tenant={{ collection: 'merchants', id: merchantId }} sections={merchantSections}>
      {children}
    </DashboardFrame>
  );
}
