import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import OrderList from './OrderList';
import OrderPage from './OrderPage';
import OpenTabs from './OpenTabs';

/** The order screens under /dashboard/merchants/{merchantId}/orders (seed 001 §2): '' and ':orderId'. */
export default function OrdersRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<OrderList />} />
        <Route path="tabs" element={<OpenTabs />} />
        <Route path=":orderId" element={<OrderPage />} />
      </Routes>
    </UiProvider>
  );
}
