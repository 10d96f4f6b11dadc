import { NavLink } from 'react-router';
import type { NavLinkItem } from './links';

/** One navigation link: an in-app NavLink, or an external one that opens in a new tab. */
export function NavItem({ item, className = 'ss-link', onNavigate }: { item: NavLinkItem; className?: string; onNavigate?: () => void }) {
  if (item.external) {
    return (
      <a className={className} href={item.to} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
        {item.label}
        <span className="ss-visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <NavLink className={className} to={item.to} end={item.to === '/'} onClick={onNavigate}>
      {item.label}
    </NavLink>
  );
}
