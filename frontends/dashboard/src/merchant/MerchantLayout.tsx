import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useMe, type TenantCard } from '@seatside/ui/src/auth';
import { ModeToggle, useTestMode } from '@seatside/ui/src/mode';
import { merchantPath, merchantSections } from './sections';
import './styles';

/** The merchant as /auth/me lists it (a platform admin may open a merchant they are no member of). */
export function useMerchantCard(merchantId: string): TenantCard | undefined {
  const { me } = useMe();
  return me?.merchants.find((merchant) => merchant.id === merchantId);
}

/**
 * Seed 001 §2 and §4: the frame of /dashboard/merchants/:merchantId/*: a bar with the merchant's
 * name and the sandbox/production switch, the side drawer in the spec's order, and the section
 * (`children`, or the matched child route). Render inside a <UiProvider>.
 */
export function MerchantLayout({ merchantId, children }: { merchantId: string; children?: ReactNode }) {
  const merchant = useMerchantCard(merchantId);
  const testMode = useTestMode((s) => s.testMode);
  return (
    <div className={testMode ? 'mer-frame mer-sandbox' : 'mer-frame'} data-testid="merchant-frame">
      <div className="mer-bar">
        <p className="mer-bar-title">
          {merchant?.name ?? 'Merchant'}
          {testMode && <span className="mer-badge">sandbox</span>}
        </p>
        <ModeToggle />
      </div>
      <nav className="mer-drawer" aria-label="Merchant">
        <ul data-testid="merchant-drawer">
          {merchantSections.map((section) => (
            <li key={section.label}>
              <NavLink to={merchantPath(merchantId, section.path)} end={section.path === ''}>
                {section.icon}
                <span>{section.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mer-content">{children ?? <Outlet />}</div>
    </div>
  );
}
