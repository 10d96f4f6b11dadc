import { Suspense, lazy, useEffect, type CSSProperties, type ReactNode } from 'react';
import { useEndPrerender } from '@seatside/ui/src/prerender';
import { PRODUCT_NAME } from '@seatside/ui/src/title';
import { themeVariables } from './domain/theme';
import { applyTextTranslations, type TextTranslation } from './domain/translate';
import type { StorefrontDocument } from './domain/types';
import { storefrontMessages as m } from './messages';
import { useParams } from './router';
import { injectStorefrontStyles } from './styles';
import { useStoreTitle } from './title';
import { useStorefront, useTestMode } from './useStorefront';

// A venue's page is its own chunk: a merchant's first visit does not carry it.
const VenuePage = lazy(() => import('./venue/VenuePage'));

/**
 * The merchant's web app manifest (its name, icon and splashScreenBackground for the install splash,
 * seed 001 §2), from the catalog, while its page is open.
 */
function useInstallManifest(handle: string | undefined) {
  useEffect(() => {
    if (!handle) return;
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `/v1/storefront/${encodeURIComponent(handle)}/manifest.webmanifest`;
    document.head.appendChild(link);
    return () => link.remove();
  }, [handle]);
}

/**
 * The storefront's page box, in the merchant's colours and fonts when there is a merchant: the page's
 * one `main` landmark, so the screens rendered in it (through WithStorefront) never add another.
 * `translations`: a page of a tenant that is not a merchant (a venue's) says whose words apply.
 */
export function Page({ doc, translations, children, busy = false }: { doc?: StorefrontDocument; translations?: readonly TextTranslation[]; children: ReactNode; busy?: boolean }) {
  injectStorefrontStyles();
  // A page that is more than 'loading' takes over from the prerendered header (the gateway's HTML), in the same frame.
  useEndPrerender(!busy);
  // Before the screens read the message table: this tenant's text translations (seed 002 §3), which
  // also take the place of the last merchant's when a fan comes back to a venue.
  if (doc || translations) applyTextTranslations(doc ? doc.merchant.textTranslations : translations);
  useInstallManifest(doc?.merchant.handle);
  const style = doc ? (themeVariables(doc.merchant) as CSSProperties) : undefined;
  return (
    <main className="sf" style={style} aria-busy={busy}>
      {children}
    </main>
  );
}

/** A page with one message (not found, loading, could not load) and an optional action. */
export function MessagePage({ title, children, busy }: { title: string; children?: ReactNode; busy?: boolean }) {
  // A page still loading keeps the title it has.
  useStoreTitle(busy ? undefined : title, PRODUCT_NAME);
  return (
    <Page busy={busy}>
      <div className="sf-center" role={busy ? 'status' : undefined}>
        <h1>{title}</h1>
        {children}
      </div>
    </Page>
  );
}

/** A mistyped public address (a store's, a tag's): a proper not-found page with a way home (never a bare 'Handle not found'). */
export function NotFoundPage({ title = m.pageNotFound, text = m.pageNotFoundText }: { title?: string; text?: string }) {
  return (
    <MessagePage title={title}>
      <p data-testid="not-found">{text}</p>
      <a className="sf-btn" href="/" style={{ maxWidth: 240, display: 'inline-block', textDecoration: 'none' }}>
        {m.backHome}
      </a>
    </MessagePage>
  );
}

/**
 * Reads the storefront of the route's handle (in the URL's mode) and renders `children` with it; a
 * loading, not-found, venue or error page otherwise.
 */
export function WithStorefront({ children }: { children: (doc: StorefrontDocument, handle: string, testMode: boolean) => ReactNode }) {
  const { handle = '' } = useParams();
  const testMode = useTestMode();
  const load = useStorefront(handle, testMode);
  if (load.state === 'loading') return <MessagePage title={m.loading} busy />;
  if (load.state === 'venue') {
    return (
      <Page translations={load.venue.venue.textTranslations ?? []}>
        <Suspense fallback={<p className="sf-center" role="status">{m.loading}</p>}>
          <VenuePage doc={load.venue} testMode={testMode} />
        </Suspense>
      </Page>
    );
  }
  if (load.state === 'error') {
    if (load.status === 404) return <NotFoundPage />;
    return (
      <MessagePage title={load.status === 404 ? m.handleNotFound : load.message}>
        {load.status === 404 ? null : (
          <button type="button" className="sf-btn" style={{ maxWidth: 240 }} onClick={load.retry}>
            {m.retry}
          </button>
        )}
      </MessagePage>
    );
  }
  // Seed 002 §2: a teleported page sends the diner on (the gateway already answers 302 on a full load).
  if (load.doc.merchant.teleport) {
    window.location.replace(load.doc.merchant.teleport);
    return <MessagePage title={m.loading} busy />;
  }
  return <Page doc={load.doc}>{children(load.doc, handle, testMode)}</Page>;
}
