import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { COOKIE_DRAWER_REACH, COOKIE_SETTINGS_EVENT, cookieCategories, defaultChoices, readCookieConsent, saveCookieConsent, type CookieCategory, type CookieChoices } from './consent';

const css = `
.ssc-drawer{position:fixed;left:16px;bottom:16px;z-index:1001;width:440px;max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);overflow:auto;
background:#fff;color:#1f1f1f;border-radius:14px;box-shadow:0 12px 40px rgba(0,0,0,.22);padding:18px 20px;
font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-sizing:border-box}
@media (max-width:499.98px){.ssc-drawer{left:0;right:0;bottom:0;width:100%;max-width:none;max-height:calc(100vh - 96px);border-radius:14px 14px 0 0}}
.ssc-drawer *{box-sizing:border-box}
.ssc-drawer h2{margin:0 0 6px;font-size:17px}
.ssc-drawer p{margin:0 0 10px}
.ssc-more{border:0;background:none;padding:0;color:#0958d9;text-decoration:underline;cursor:pointer;font:inherit}
.ssc-cats{list-style:none;margin:8px 0 12px;padding:0;border:1px solid #e5e7eb;border-radius:10px}
.ssc-cats li{padding:10px 12px;display:grid;grid-template-columns:1fr auto;gap:2px 12px;align-items:center}
.ssc-cats li+li{border-top:1px solid #e5e7eb}
.ssc-cat-name{font-weight:600}
.ssc-cats small{grid-column:1/2;color:#595959;font-size:12.5px}
.ssc-always{color:#135200;font-weight:600;font-size:12.5px}
.ssc-switch{position:relative;width:40px;height:22px;border-radius:11px;border:0;background:#8c8c8c;cursor:pointer;padding:0}
.ssc-switch::after{content:"";position:absolute;top:3px;left:3px;width:16px;height:16px;border-radius:50%;background:#fff;transition:left .15s}
.ssc-switch[aria-checked="true"]{background:#0958d9}
.ssc-switch[aria-checked="true"]::after{left:21px}
.ssc-actions{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}
.ssc-btn{border:1px solid #0958d9;border-radius:8px;padding:7px 14px;font:inherit;font-weight:600;cursor:pointer;background:#fff;color:#0958d9}
.ssc-btn-primary{background:#0958d9;color:#fff}
.ssc-drawer button:focus-visible{outline:3px solid #91caff;outline-offset:2px}
`;

/**
 * While open, how far the drawer reaches up from the bottom of the window, as `--ssc-drawer-reach`
 * on the page's root: the support launcher (bottom right) sits above it where the two would meet,
 * so neither covers the other. On a phone the drawer leaves 96 px at the top for that.
 */
function usePublishedReach(drawer: RefObject<HTMLElement | null>, open: boolean) {
  useEffect(() => {
    const el = drawer.current;
    if (!open || !el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(COOKIE_DRAWER_REACH, `${Math.max(0, Math.ceil(root.clientHeight - el.getBoundingClientRect().top))}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(COOKIE_DRAWER_REACH);
    };
  }, [drawer, open]);
}

function injectCss() {
  if (typeof document === 'undefined' || document.getElementById('ssc-css')) return;
  const style = document.createElement('style');
  style.id = 'ssc-css';
  style.textContent = css;
  document.head.appendChild(style);
}

/**
 * The cookie notice (seed 002): a drawer with the five categories, Show more / Show less, and the
 * visitor's choice remembered in localStorage so it does not reappear. Cookie settings (the site
 * footer, openCookieSettings) opens it again with the categories and the choice made, to change it.
 */
export function CookieNotice() {
  // Read after mount: storage is per browser, and the first render must not depend on it.
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [choices, setChoices] = useState<CookieChoices>(defaultChoices);
  const titleId = useId();
  const drawer = useRef<HTMLElement>(null);
  usePublishedReach(drawer, open);

  useEffect(() => {
    const reopen = () => {
      injectCss();
      // The choice made (a saved one carries its date too, which the next save replaces).
      setChoices(readCookieConsent() ?? defaultChoices());
      setExpanded(true);
      setOpen(true);
    };
    window.addEventListener(COOKIE_SETTINGS_EVENT, reopen);
    if (!readCookieConsent()) {
      injectCss();
      setOpen(true);
    }
    return () => window.removeEventListener(COOKIE_SETTINGS_EVENT, reopen);
  }, []);

  if (!open) return null;

  const decide = (value: CookieChoices) => {
    saveCookieConsent(value);
    setOpen(false);
  };
  const all = (on: boolean): CookieChoices => ({ necessary: true, functional: on, analytics: on, performance: on, advertisement: on });
  const toggle = (key: CookieCategory) => setChoices((c) => ({ ...c, [key]: !c[key] }));

  return (
    <section ref={drawer} className="ssc-drawer" role="region" aria-labelledby={titleId} data-testid="cookie-notice">
      <h2 id={titleId}>We value your privacy</h2>
      <p>
        We use cookies to run this site, remember your preferences and understand how it is used.{' '}
        {expanded && 'Necessary cookies are always active. Choose which other categories you allow; you can accept or reject them all at once. '}
        <button type="button" className="ssc-more" aria-expanded={expanded} aria-controls={`${titleId}-cats`} onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show less' : 'Show more'}
        </button>
      </p>
      {expanded && (
        <ul className="ssc-cats" id={`${titleId}-cats`}>
          {cookieCategories.map(({ key, label, description }) => (
            <li key={key}>
              {key === 'necessary' ? (
                <>
                  <span className="ssc-cat-name">{label}</span>
                  <span className="ssc-always">Always active</span>
                </>
              ) : (
                <>
                  <span className="ssc-cat-name" id={`${titleId}-${key}`}>{label}</span>
                  <button
                    type="button"
                    role="switch"
                    className="ssc-switch"
                    aria-checked={choices[key]}
                    aria-labelledby={`${titleId}-${key}`}
                    onClick={() => toggle(key)}
                  />
                </>
              )}
              <small>{description}</small>
            </li>
          ))}
        </ul>
      )}
      <div className="ssc-actions">
        <button type="button" className="ssc-btn" onClick={() => decide(all(false))}>
          Reject All
        </button>
        {expanded && (
          <button type="button" className="ssc-btn" onClick={() => decide(choices)}>
            Save My Preferences
          </button>
        )}
        <button type="button" className="ssc-btn ssc-btn-primary" onClick={() => decide(all(true))}>
          Accept All
        </button>
      </div>
    </section>
  );
}
