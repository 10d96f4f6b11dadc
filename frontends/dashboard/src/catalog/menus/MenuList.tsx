import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PagerFooter, errorMessage, listMessages, useCollection, type Collection } from '@seatside/ui/src/lists';
import { useTestMode } from '@seatside/ui/src/mode';
import { usePageTitle } from '@seatside/ui/src/title';
import { useMerchantCard } from '../../merchant/MerchantLayout';
import { menusPage, menusPath, type Menu } from './api';
import { menuMessages as m } from './messages';
import { availabilityText } from './time';
import './styles';

/** The menu's banner, else the merchant's (seed 001 §3), else a placeholder; one that fails to load too. */
function Banner({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) return <img className="mn-banner" src={src} alt="" loading="lazy" onError={() => setFailed(src)} />;
  return (
    <div className="mn-banner mn-banner-empty" data-testid="banner-placeholder">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="3" y="3" width="18" height="18" rx="2" />
        <circle cx="8.5" cy="8.5" r="1.5" />
        <path d="M21 15l-5-5L5 21" />
      </svg>
    </div>
  );
}

/** The menu's icon, else the merchant's, over the banner's corner; nothing when neither has one. */
function Icon({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return null;
  return <img className="mn-icon" src={src} alt="" loading="lazy" onError={() => setFailed(src)} />;
}

function SearchToggle({ collection }: { collection: Collection<Menu> }) {
  const [open, setOpen] = useState(false);
  const label = `${listMessages.search} ${m.listTitle.toLowerCase()}`;
  return (
    <>
      {open && (
        // The box opens on request: focusing it is what the click asked for.
        <input className="ls-search" type="search" autoFocus value={collection.q} onChange={(e) => collection.setQ(e.target.value)} placeholder={label} aria-label={label} />
      )}
      <button
        type="button"
        className="ls-icon-button"
        aria-expanded={open}
        onClick={() => {
          // Closing the search clears it, which restores the normal list.
          if (open) collection.setQ('');
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">⌕</span> {listMessages.search}
      </button>
    </>
  );
}

/** /dashboard/merchants/{merchantId}/menus: the current mode's menus as a card grid, by title (seed 001 §2). */
export default function MenuList() {
  usePageTitle(m.listTitle);
  const { merchantId = '' } = useParams();
  const testMode = useTestMode((s) => s.testMode);
  const merchant = useMerchantCard(merchantId);
  const collection = useCollection<Menu>({ path: menusPath(merchantId), defaultSort: { sort: 'title', order: 'asc' }, testMode });
  const { rows, loading, error } = collection;
  return (
    <section className="ls-screen" aria-labelledby="ls-title" aria-busy={loading}>
      <div className="ls-head">
        <h1 id="ls-title">{m.listTitle}</h1>
        <div className="ls-tools">
          <SearchToggle collection={collection} />
          <Link className="ls-add" to={menusPage(merchantId, 'new')}>
            {m.add}
          </Link>
        </div>
      </div>
      <div className="mn-frame">
        {error !== undefined ? (
          <p className="mn-empty" role="alert">
            {errorMessage(error)}
          </p>
        ) : rows.length === 0 ? (
          <p className="mn-empty">{loading ? listMessages.loading : m.empty}</p>
        ) : (
          <ul className="mn-grid" aria-label={m.listTitle}>
            {rows.map((menu) => (
              <li key={menu.id} data-testid="menu-card">
                <article className="mn-card">
                  <Banner src={menu.branding?.banner ?? merchant?.branding?.banner} />
                  <Icon src={menu.branding?.icon ?? merchant?.branding?.icon} />
                  <div className="mn-body">
                    <h2>
                      <Link to={menusPage(merchantId, encodeURIComponent(menu.id))}>{menu.title}</Link>
                    </h2>
                    {menu.description?.trim() && <p>{menu.description}</p>}
                    <span className="mn-when" data-testid="menu-availability">
                      {availabilityText(menu.availability, m.allDay)}
                    </span>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        <div className="ls-frame">
          <PagerFooter {...collection} onPrevious={collection.previous} onNext={collection.next} />
        </div>
      </div>
    </section>
  );
}
