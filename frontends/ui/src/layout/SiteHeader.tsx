import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session/store';
import { layoutCss, visuallyHiddenCss } from './layout.css';
import { mainLinks, signedInLinks, signedOutLinks, type NavLinkItem } from './links';
import { NavItem } from './NavItem';
import { injectStyles } from './styles';

injectStyles('layout', layoutCss + visuallyHiddenCss);

/** Signed in: My Account. Signed out: Sign in and Get Started (the last one styled as the call to action). */
export function useAccountLinks(): NavLinkItem[] {
  const signedIn = useSession((s) => s.signedIn);
  return signedIn ? signedInLinks : signedOutLinks;
}

function AccountLinks({ links, onNavigate }: { links: NavLinkItem[]; onNavigate?: () => void }) {
  return (
    <>
      {links.map((item) => (
        <li key={item.to}>
          <NavItem item={item} className={item.to === '/auth/sign-up' ? 'ss-cta' : 'ss-link'} onNavigate={onNavigate} />
        </li>
      ))}
    </>
  );
}

export function Brand() {
  return (
    <Link to="/" className="ss-brand" aria-label="Seatside home">
      <span className="ss-brand-mark" aria-hidden="true" />
      <span aria-hidden="true">Seatside</span>
    </Link>
  );
}

/** The site header: navigation, signed-in/out links and, under 768 px, a slide-in menu. */
export function SiteHeader() {
  const accountLinks = useAccountLinks();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) burgerRef.current?.focus();
  }, []);

  // A navigation closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a,button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
      if (e.key !== 'Tab' || !panelRef.current) return;
      // Keep focus inside the open panel.
      const focusable = panelRef.current.querySelectorAll<HTMLElement>('a,button');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, close]);

  return (
    <header className="ss-header">
      <a className="ss-skip" href="#main-content">
        Skip to content
      </a>
      <div className="ss-header-inner">
        <Brand />
        <nav className="ss-nav" aria-label="Main">
          <ul>
            {mainLinks.map((item) => (
              <li key={item.to}>
                <NavItem item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <ul className="ss-account" aria-label="Account">
          <AccountLinks links={accountLinks} />
        </ul>
        <button
          ref={burgerRef}
          type="button"
          className="ss-burger"
          aria-label="Open menu"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(true)}
        >
          <span aria-hidden="true" />
        </button>
      </div>
      <div className={`ss-backdrop${open ? ' is-open' : ''}`} aria-hidden="true" onClick={() => close()} />
      <div
        ref={panelRef}
        id={panelId}
        className={`ss-mobile${open ? ' is-open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        aria-hidden={!open}
        data-testid="mobile-menu"
      >
        <div className="ss-mobile-head">
          <span className="ss-brand" aria-hidden="true">
            <span className="ss-brand-mark" />
            Seatside
          </span>
          <button type="button" className="ss-close" aria-label="Close menu" onClick={() => close()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul>
            {mainLinks.map((item) => (
              <li key={item.to}>
                <NavItem item={item} onNavigate={() => close(false)} />
              </li>
            ))}
          </ul>
          <hr />
          <ul>
            <AccountLinks links={accountLinks} onNavigate={() => close(false)} />
          </ul>
        </nav>
      </div>
    </header>
  );
}
