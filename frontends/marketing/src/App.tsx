import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from '@seatside/ui';
import { usePageTitle } from '@seatside/ui/src/title';
import { useEndPrerender } from '@seatside/ui/src/prerender';
import Home from './pages/Home';
import './styles';

// Only the home page is in the first download; the other pages load when visited.
const Features = lazy(() => import('./pages/Features'));
const Pricing = lazy(() => import('./pages/Pricing'));
const BlogList = lazy(() => import('./pages/Blog').then((m) => ({ default: m.BlogList })));
const BlogArticle = lazy(() => import('./pages/Blog').then((m) => ({ default: m.BlogArticle })));
const Contact = lazy(() => import('./pages/Contact'));
const TagActivation = lazy(() => import('./pages/TagActivation'));
const Partners = lazy(() => import('./pages/Partners'));
const AppClip = lazy(() => import('./pages/AppClip'));
const Mockup = lazy(() => import('./pages/Mockup'));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="mk-container mk-muted" style={{ padding: '56px 20px' }} aria-busy="true">
          Loading...
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

const NOT_FOUND_TITLE = 'Page not found';

function NotFound() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <div className="mk-container mk-page-head">
      <h1>{NOT_FOUND_TITLE}</h1>
    </div>
  );
}

/** The marketing site (seed 000 §2 "Public and marketing"), mounted by the shell at `/*`. */
export default function App() {
  // The app's view replaces the landing page's prerendered one (the gateway's HTML), in the same frame.
  useEndPrerender();
  return (
    <SiteLayout>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/features" element={<Page><Features /></Page>} />
        <Route path="/pricing" element={<Page><Pricing /></Page>} />
        <Route path="/blog" element={<Page><BlogList /></Page>} />
        <Route path="/blog/:slug" element={<Page><BlogArticle /></Page>} />
        <Route path="/contact" element={<Page><Contact /></Page>} />
        <Route path="/tag-activation" element={<Page><TagActivation /></Page>} />
        <Route path="/partners" element={<Page><Partners /></Page>} />
        <Route path="/appclip" element={<Page><AppClip /></Page>} />
        <Route path="/mockup" element={<Page><Mockup /></Page>} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </SiteLayout>
  );
}
