import { openCookieSettings } from '../cookies/consent';
import { mainLinks } from './links';
import { NavItem } from './NavItem';
import { Newsletter } from './Newsletter';

export function SiteFooter() {
  return (
    <footer className="ss-footer">
      <div className="ss-footer-inner">
        <p style={{ margin: 0 }}>© {new Date().getFullYear()} Seatside. Ordering for restaurants, venues, retail, theaters and stadiums.</p>
        <nav aria-label="Footer">
          <ul>
            {mainLinks.map((item) => (
              <li key={item.to}>
                <NavItem item={item} />
              </li>
            ))}
            <li>
              <button type="button" className="ss-link ss-link-button" onClick={openCookieSettings}>
                Cookie settings
              </button>
            </li>
          </ul>
        </nav>
        <Newsletter />
      </div>
    </footer>
  );
}
