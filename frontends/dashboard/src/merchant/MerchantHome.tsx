import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTestMode } from '@seatside/ui/src/mode';
import { usePageTitle } from '@seatside/ui/src/title';
import { useMerchantCard } from './MerchantLayout';
import { publicPageOf } from './public-page';
import { VenueRequests } from './VenueRequests';

// The widgets and their charts (uplot) are their own chunk: only the home loads them.
const SalesWidgets = lazy(() => import('../stats/SalesWidgets'));

/** The merchant's home: its name, public page and the sales widgets (seed 002 §2). */
export function MerchantHome({ merchantId }: { merchantId: string }) {
  const merchant = useMerchantCard(merchantId);
  const name = merchant?.name ?? 'Merchant';
  // In Sandbox mode the page to try is the sandbox site, not the live one.
  const testMode = useTestMode((s) => s.testMode);
  usePageTitle(name);
  return (
    <section className="mer-home" aria-labelledby="merchant-home-title">
      <h1 id="merchant-home-title" className="mer-title">
        {name}
      </h1>
      {merchant?.handle && <p className="mer-muted">Public page: {publicPageOf(location.host, merchant.handle, testMode)}</p>}
      <p>
        <Link to={`/dashboard/merchants/${encodeURIComponent(merchantId)}/page`}>Edit page</Link>
      </p>
      {merchant?.role === 'admin' && <VenueRequests merchantId={merchantId} />}
      <Suspense fallback={<p className="mer-muted">Loading the sales widgets…</p>}>
        <SalesWidgets merchantId={merchantId} />
      </Suspense>
    </section>
  );
}
