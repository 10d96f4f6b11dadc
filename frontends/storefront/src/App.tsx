import * as React from 'react';
import { Suspense, lazy, type ReactNode } from 'react';
import { registerReact } from '@seatside/ui/src/remote/runtime-check';
import { MessagePage, NotFoundPage, WithStorefront } from './Frame';
import { StorefrontPage } from './menu/StorefrontPage';
import { storefrontMessages as m } from './messages';
import { ParamsProvider, matchRoute, usePathname, type Params } from './router';

registerReact(React);

// The first visit is the menu: checkout, the confirmation page and the tag page (a scanned seat,
// which then opens the menu) load when a diner gets there.
const CheckoutPage = lazy(() => import('./checkout/CheckoutPage'));
const OrderPage = lazy(() => import('./confirmation/OrderPage'));
// AI voice ordering (seed 000 §2) is its own chunk, and its detector (model, WebAssembly runtime) another.
const VoicePage = lazy(() => import('./voice/VoicePage'));
const TagPage = lazy(() => import('./tag/TagPage').then(({ TagPage: page }) => ({ default: page })));
// Group orders and tabs (issue 20): their own chunks, loaded only by those who use them.
const JoinOrderPage = lazy(() => import('./group/GroupPages').then(({ JoinOrderPage: page }) => ({ default: page })));
const StartGroupPage = lazy(() => import('./group/GroupPages').then(({ StartGroupPage: page }) => ({ default: page })));
const GroupPage = lazy(() => import('./group/GroupPages').then(({ GroupPage: page }) => ({ default: page })));
const TabPage = lazy(() => import('./group/TabPage'));

const loading = <p className="sf-center" role="status">{m.loading}</p>;

/** The routes, first match wins: `pattern` as react-router reads it, with the page it renders. */
const ROUTES: ReadonlyArray<readonly [pattern: string, page: () => ReactNode]> = [
  ['/tag/:code', () => <Suspense fallback={<MessagePage title={m.loading} busy />}><TagPage /></Suspense>],
  ['/:merchantId/order/join/:signature', () => <Suspense fallback={<MessagePage title={m.loading} busy />}><JoinOrderPage /></Suspense>],
  ['/:handle/group', () => <WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><StartGroupPage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>],
  ['/:handle/group/:groupId', () => <WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><GroupPage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>],
  ['/:handle/tab', () => <WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><TabPage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>],
  ['/:handle/checkout', () => <WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><CheckoutPage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>],
  ['/:handle/voice', () => <WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><VoicePage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>],
  ['/:handle/orders/:orderId', () => <WithStorefront>{(doc, handle, testMode) => <Suspense fallback={loading}><OrderPage doc={doc} handle={handle} testMode={testMode} /></Suspense>}</WithStorefront>],
  ['/:handle/*', () => <WithStorefront>{(doc, handle, testMode) => <StorefrontPage doc={doc} handle={handle} testMode={testMode} />}</WithStorefront>],
];

/**
 * The storefront remote: the public ordering page /{handle} and tag ordering /tag/{code}. Paths are
 * absolute. It routes on the location itself (./router), not with react-router: a diner's first
 * visit downloads no router.
 */
export default function App() {
  const pathname = usePathname();
  for (const [pattern, page] of ROUTES) {
    const params: Params | null = matchRoute(pattern, pathname);
    // Keyed by the route, so a page's state does not carry over to another route's page.
    if (params) return <ParamsProvider key={pattern} value={params}>{page()}</ParamsProvider>;
  }
  return <NotFoundPage />;
}
