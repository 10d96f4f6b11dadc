import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import CouponList from './CouponList';
import CouponPage from './CouponPage';

/** The coupon screens under /dashboard/merchants/{merchantId}/coupons (seed 001 §2): '', 'new', ':id'. */
export default function CouponsRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<CouponList />} />
        <Route path="new" element={<CouponPage />} />
        <Route path=":id" element={<CouponPage />} />
      </Routes>
    </UiProvider>
  );
}
