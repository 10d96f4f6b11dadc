import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import './styles';

const links: { to: string; label: string; end?: boolean }[] = [
  { to: '/admin', label: 'Home', end: true },
  { to: '/admin/chats', label: 'Chats' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/merchants', label: 'Merchants' },
  { to: '/admin/venues', label: 'Venues' },
  { to: '/admin/contact-submissions', label: 'Contact submissions' },
  { to: '/admin/subscribers', label: 'Subscribers' },
  { to: '/admin/articles', label: 'Articles' },
  { to: '/admin/faqs', label: 'FAQs' },
];

/** The admin area's frame: the side navigation and the page's content. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="adm-frame">
      <nav className="adm-nav" aria-label="Admin">
        <Link className="adm-brand" to="/admin">
          Seatside Admin
        </Link>
        {links.map((link) => (
          <NavLink key={link.to} className="adm-link" to={link.to} end={link.end}>
            {link.label}
          </NavLink>
        ))}
        <a className="adm-link" href="/account">
          My Account
        </a>
      </nav>
      <main className="adm-main" id="main-content">
        {children}
      </main>
    </div>
  );
}

/** The sans-serif root every admin page (and the guards' pages) sits in. */
export function AdminRoot({ children }: { children: ReactNode }) {
  return <div className="adm-root">{children}</div>;
}
