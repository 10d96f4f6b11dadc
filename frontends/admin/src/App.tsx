import * as React from 'react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { UiProvider, registerReact } from '@seatside/ui';
import { PageNotFound } from '@seatside/ui/src/remote/PageNotFound';
import { RequirePlatformAdmin } from '@seatside/ui/src/auth';
import { AdminLayout, AdminRoot } from './layout/AdminLayout';

registerReact(React);

// Each page loads when visited.
const Home = lazy(() => import('./pages/Home'));
const ContactSubmissions = lazy(() => import('./pages/ContactSubmissions'));
// The support chat pages (issue 22).
const ChatsPage = lazy(() => import('./chats/ChatsPage'));
const ChatPage = lazy(() => import('./chats/ChatPage'));
const LivePage = lazy(() => import('./chats/LivePage'));
const Users = lazy(() => import('./pages/Users'));
const UserPage = lazy(() => import('./pages/Users').then((m) => ({ default: m.UserPage })));
const Tenants = lazy(() => import('./pages/Tenants'));
const Subscribers = lazy(() => import('./pages/Subscribers'));
const Articles = lazy(() => import('./pages/Articles'));
const ArticleEditor = lazy(() => import('./pages/Articles').then((m) => ({ default: m.ArticleEditor })));
const Faqs = lazy(() => import('./pages/Faqs'));
const FaqEditor = lazy(() => import('./pages/Faqs').then((m) => ({ default: m.FaqEditor })));
const ContactSubmissionPage = lazy(() => import('./pages/ContactSubmissions').then((m) => ({ default: m.ContactSubmissionPage })));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="adm-muted" aria-busy="true">
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * The admin remote: support staff and platform administration under /admin. Paths are absolute.
 * Every page needs the admin claim (seed 000 §2): signed out → the sign-in page, signed in without
 * it → the 401 page.
 */
export default function App() {
  return (
    <UiProvider>
      <AdminRoot>
        <RequirePlatformAdmin>
          <AdminLayout>
            <Routes>
              <Route path="/admin" element={<Page><Home /></Page>} />
              <Route path="/admin/users" element={<Page><Users /></Page>} />
              <Route path="/admin/users/:uid" element={<Page><UserPage /></Page>} />
              <Route path="/admin/merchants" element={<Page><Tenants collection="merchants" /></Page>} />
              <Route path="/admin/venues" element={<Page><Tenants collection="venues" /></Page>} />
              <Route path="/admin/subscribers" element={<Page><Subscribers /></Page>} />
              <Route path="/admin/articles" element={<Page><Articles /></Page>} />
              <Route path="/admin/articles/new" element={<Page><ArticleEditor /></Page>} />
              <Route path="/admin/articles/:articleId" element={<Page><ArticleEditor /></Page>} />
              <Route path="/admin/faqs" element={<Page><Faqs /></Page>} />
              <Route path="/admin/faqs/new" element={<Page><FaqEditor /></Page>} />
              <Route path="/admin/faqs/:id" element={<Page><FaqEditor /></Page>} />
              <Route path="/admin/contact-submissions" element={<Page><ContactSubmissions /></Page>} />
              <Route path="/admin/contact-submissions/:id" element={<Page><ContactSubmissionPage /></Page>} />
              {/* The support issue's inbox (frontends/admin/src/chats). */}
              <Route path="/admin/chats" element={<Page><ChatsPage /></Page>} />
              <Route path="/admin/chats/:chatId" element={<Page><ChatPage /></Page>} />
              <Route path="/admin/chats/:chatId/live" element={<Page><LivePage /></Page>} />
              <Route path="*" element={<PageNotFound as="section" />} />
            </Routes>
          </AdminLayout>
        </RequirePlatformAdmin>
      </AdminRoot>
    </UiProvider>
  );
}
