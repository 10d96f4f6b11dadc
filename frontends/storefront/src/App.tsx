import * as React from 'react';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { registerReact } from '@seatside/ui';
import { MessagePage, WithStorefront } from './Frame';
import { StorefrontPage } from './menu/StorefrontPage';
import { storefrontMessages as m } from './messages';
import { TagPage } from './tag/TagPage';

registerReact(React);

// The first visit is the menu: checkout and the confirmation page load when a diner gets there.
const CheckoutPage = lazy(() => import('./checkout/CheckoutPage'));
const OrderPage = lazy(() => import('./confirmation/OrderPage'));

const loading = <p className="sf-center" role="status">{m.loading}</p>;

/** The storefront remote: the public ordering page /{handle} and tag ordering /tag/{code}. Paths are absolute. */
export default function App() {
  return (
    <Routes>
      <Route path="/tag/:code" element={<TagPage />} />
      <Route
        path="/:handle/checkout"
        element={<WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><CheckoutPage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>}
      />
      <Route
        path="/:handle/orders/:orderId"
        element={<WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><OrderPage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>}
      />
      <Route path="/:handle/*" element={<WithStorefront>{(doc, handle, testMode) => <StorefrontPage doc={doc} handle={handle} testMode={testMode} />}</WithStorefront>} />
      <Route path="*" element={<MessagePage title={m.handleNotFound} />} />
    </Routes>
  );
}
