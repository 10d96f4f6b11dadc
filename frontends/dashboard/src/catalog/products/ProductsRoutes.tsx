import { Route, Routes } from 'react-router';
import { UiProvider } from '@seatside/ui';
import ProductList from './ProductList';
import ProductPage from './ProductPage';

/** The product screens under /dashboard/merchants/{merchantId}/products (seed 001 §2): '', 'new', ':id'. */
export default function ProductsRoutes() {
  return (
    <UiProvider>
      <Routes>
        <Route index element={<ProductList />} />
        <Route path="new" element={<ProductPage />} />
        <Route path=":id" element={<ProductPage />} />
      </Routes>
    </UiProvider>
  );
}
