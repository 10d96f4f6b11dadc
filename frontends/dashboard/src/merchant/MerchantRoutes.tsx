import { lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { UiProvider } from '@seatside/ui';
import { useMe } from '@seatside/ui/src/auth';
import { MerchantHome } from './MerchantHome';
import { MerchantLayout } from './MerchantLayout';
import { merchantPath } from './sections';

// Each section is its own chunk.
const CouponsRoutes = lazy(() => import('../catalog/coupons/CouponsRoutes'));
const Gallery = lazy(() => import('../gallery/Gallery'));
const ProductsRoutes = lazy(() => import('../catalog/products/ProductsRoutes'));
const CustomersRoutes = lazy(() => import('../catalog/customers/CustomersRoutes'));
const ModifiersRoutes = lazy(() => import('../catalog/modifiers/ModifiersRoutes'));
const MenusRoutes = lazy(() => import('../catalog/menus/MenusRoutes'));
const ServicesRoutes = lazy(() => import('../catalog/services/ServicesRoutes'));
const OrdersRoutes = lazy(() => import('../orders/OrdersRoutes'));
const TagsRoutes = lazy(() => import('../tags/TagsRoutes'));
const TemplatesRoutes = lazy(() => import('../templates/TemplatesRoutes'));
// The page builder (issue 25): its editor is here only, never on the storefront.
const PageEditor = lazy(() => import('../page/PageEditor'));
// The request logs of the merchant's API keys (issue 18), reached from the settings menu's `logs`.
const RequestLogs = lazy(() => import('../logs/RequestLogs'));

function MerchantSections({ merchantId }: { merchantId: string }) {
  const { me } = useMe();
  // A runner (issue 27) has the orders and the runner view only; the server refuses it the rest.
  if (me?.merchants.find((merchant) => merchant.id === merchantId)?.role === 'runner') {
    return (
      <Routes>
        <Route path="orders/*" element={<OrdersRoutes />} />
        <Route path="*" element={<Navigate to={merchantPath(merchantId, 'runner')} replace />} />
      </Routes>
    );
  }
  return (
    <Routes>
      {/* Descendant routes: paths are relative to /dashboard/merchants/:merchantId. */}
      <Route index element={<MerchantHome merchantId={merchantId} />} />
      <Route path="coupons/*" element={<CouponsRoutes />} />
      <Route path="gallery/*" element={<Gallery />} />
      <Route path="products/*" element={<ProductsRoutes />} />
      <Route path="customers/*" element={<CustomersRoutes />} />
      <Route path="modifiers/*" element={<ModifiersRoutes />} />
      <Route path="menus/*" element={<MenusRoutes />} />
      <Route path="services/*" element={<ServicesRoutes />} />
      <Route path="orders/*" element={<OrdersRoutes />} />
      <Route path="page" element={<PageEditor />} />
      <Route path="logs" element={<RequestLogs />} />
      <Route path="tags/*" element={<TagsRoutes owner={{ collection: 'merchants', id: merchantId }} />} />
      <Route path="templates/*" element={<TemplatesRoutes owner={{ collection: 'merchants', id: merchantId }} />} />
      <Route path="*" element={<Navigate to={merchantPath(merchantId)} replace />} />
    </Routes>
  );
}

/** /dashboard/merchants/:merchantId/*: the merchant dashboard, for its members (seed 001 §2), in its frame. */
export default function MerchantRoutes() {
  const { merchantId = '' } = useParams();
  return (
    <UiProvider>
      <MerchantLayout key={merchantId} merchantId={merchantId}>
        <MerchantSections merchantId={merchantId} />
      </MerchantLayout>
    </UiProvider>
  );
}
