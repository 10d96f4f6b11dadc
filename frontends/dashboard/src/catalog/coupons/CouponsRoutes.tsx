import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import CouponList from './CouponList';
import { EditCoupon, NewCoupon } from './CouponPage';

/** The coupon screens under /dashboard/merchants/{merchantId}/coupons (seed 001 §2): '', 'new', ':id'. */
export default function CouponsRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<CouponList />} />
        <Route path="new" element={<NewCoupon />} />
        <Route path=":id" element={<EditCoupon />} />
      </Routes>
    </UiProvider>
  );
}
