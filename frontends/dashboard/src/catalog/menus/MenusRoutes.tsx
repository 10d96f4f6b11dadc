import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import MenuList from './MenuList';
import MenuPage from './MenuPage';

/** The menu screens under /dashboard/merchants/{merchantId}/menus (seed 001 §2): '', 'new', ':id'. */
export default function MenusRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<MenuList />} />
        <Route path="new" element={<MenuPage />} />
        <Route path=":id" element={<MenuPage />} />
      </Routes>
    </UiProvider>
  );
}
