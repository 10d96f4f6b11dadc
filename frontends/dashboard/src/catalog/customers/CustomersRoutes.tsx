import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import CustomerList from './CustomerList';
import CustomerPage from './CustomerPage';

/** The customer screens under /dashboard/merchants/{merchantId}/customers (seed 001 §2): '', 'new', ':id'. */
export default function CustomersRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<CustomerList />} />
        <Route path="new" element={<CustomerPage />} />
        <Route path=":id" element={<CustomerPage />} />
      </Routes>
    </UiProvider>
  );
}
