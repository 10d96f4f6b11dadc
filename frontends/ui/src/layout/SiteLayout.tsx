import type { ReactNode } from 'react';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Header, the page as the `main` landmark (target of "Skip to content"), footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="ss-site">
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
