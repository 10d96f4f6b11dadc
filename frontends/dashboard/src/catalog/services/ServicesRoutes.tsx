import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import ServiceList from './ServiceList';
import ServicePage from './ServicePage';

/** The service screens under /dashboard/merchants/{merchantId}/services (seed 001 §2): '', 'new', ':id'. */
export default function ServicesRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<ServiceList />} />
        <Route path="new" element={<ServicePage />} />
        <Route path=":id" element={<ServicePage />} />
      </Routes>
    </UiProvider>
  );
}
