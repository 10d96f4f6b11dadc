import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import ModifierList from './ModifierList';
import ModifierPage from './ModifierPage';

/** The modifier screens under /dashboard/merchants/{merchantId}/modifiers (seed 001 §2): '', 'new', ':id'. */
export default function ModifiersRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<ModifierList />} />
        <Route path="new" element={<ModifierPage />} />
        <Route path=":id" element={<ModifierPage />} />
      </Routes>
    </UiProvider>
  );
}
