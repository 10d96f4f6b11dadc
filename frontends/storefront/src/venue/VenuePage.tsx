import { useEffect, useState, type CSSProperties } from 'react';
import { openCookieSettings } from '@seatside/ui/src/cookies/consent';
import { cartStore, type CartTag } from '../cart/store';
import { useMerchantFonts } from '../menu/StoreHeader';
import { openState, hoursText } from '../domain/hours';
import { themeVariables } from '../domain/theme';
import { translatable } from '../domain/translate';
import type { VenueDocument } from '../domain/types';
import { storefrontMessages } from '../messages';
import { useNow } from '../useStorefront';
import { injectVenueStyles } from './styles';

import { refreshedToken, storedSession, type SessionUser } from '../storedSession';
import { useStoreTitle } from '../title';

/**
 * Seed 002 §6: the dashboard link shows only to the venue's users. The venue document answers 200
 * only to its members (the server's rule), so a signed-in visitor asks it once; nobody else asks.
 */
function useIsVenueUser(venueId: string, token: string | null): boolean {
  const [member, setMember] = useState(false);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const ask = (bearer: string) => fetch(`/v1/venues/${encodeURIComponent(venueId)}`, { headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' }, signal: controller.signal });
    // The stored access token lives 15 minutes: an expired one (401) is refreshed from the session cookie once.
    ask(token)
      .then(async (res) => (res.status === 401 ? refreshedToken().then((fresh) => (fresh && !controller.signal.aborted ? ask(fresh) : res)) : res))
      .then(
        (res) => setMember(res.ok),
        () => undefined,
      );
    return () => controller.abort();
  }, [venueId, token]);
  return member;
}

// The venue page's own words beside the storefront's (our wording: the spec names a cookie notice in the sidebar, not its button).
const m = translatable(Object.assign(Object.create(storefrontMessages) as typeof storefrontMessages, { cookieSettings: 'Cookie settings' }));

const firstName = (user: SessionUser | null) => (user?.name?.trim().split(/\s+/)[0] || user?.email?.split('@')[0] || '').trim();

const addressLines = (address: VenueDocument['venue']['address']) => {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.line1, address.line2, cityLine].filter((line): line is string => !!line?.trim());
};

/** A card's link: `/{merchantHandle}?ref={venueHandle}`, with the venue's tag (`&tag={code}`) when the fan came through one. */
const standLink = (merchantHandle: string, venueHandle: string, tag: CartTag | null, testMode: boolean) =>
  `/${encodeURIComponent(merchantHandle)}?ref=${encodeURIComponent(venueHandle)}${tag ? `&tag=${encodeURIComponent(tag.code)}` : ''}${testMode ? '&testMode=true' : ''}`;

/**
 * The public venue page `/{handle}` (seed 002 §2, issue 20): phone-first, the first page a fan sees
 * in a stadium. A sidebar (hours, address, a greeting, the dashboard link for venue users, a cookie
 * note) and the linked merchants' cards in the venue's order, each leading to
 * `/{merchantHandle}?ref={venueHandle}` (the merchant's page then leads back here). A fan who came
 * through one of the venue's tags (`/tag/{code}` keeps it under the venue's handle) sees their seat,
 * and each card carries the tag to the stand, so its checkout can deliver there.
 */
export default function VenuePage({ doc, testMode }: { doc: VenueDocument; testMode: boolean }) {
  injectVenueStyles();
  const { venue, merchants } = doc;
  useStoreTitle(venue.name);
  // The venue's Fonts settings: themeVariables names them, this loads them.
  useMerchantFonts(venue.fonts);
  const now = useNow();
  const [session] = useState(storedSession);
  const venueUser = useIsVenueUser(venue.id, session.token);
  const name = firstName(session.user);
  const address = addressLines(venue.address);
  const icon = venue.branding.icon ?? venue.branding.logo;
  const tag = cartStore(venue.handle, testMode)((s) => s.tag);
  return (
    <div className="vp" style={themeVariables(venue) as CSSProperties} data-testid="venue-page">
      <header>
        {venue.branding.banner ? <img className="sf-banner" src={venue.branding.banner} alt="" /> : null}
        <div className="vp-head">
          {icon ? <img className="vp-icon" src={icon} alt="" width={48} height={48} /> : null}
          <h1>{venue.name}</h1>
        </div>
        {venue.description ? <p className="vp-desc">{venue.description}</p> : null}
        {tag?.label ? (
          <p className="vp-desc">
            <span className="sf-chip" data-testid="tag-location">
              {tag.label}
            </span>
          </p>
        ) : null}
      </header>
      <div className="vp-body">
        <aside className="vp-side" aria-label={venue.name} data-testid="venue-sidebar">
          {session.user && name ? <p className="vp-greet">{m.venueGreeting(name)}</p> : null}
          <p data-testid="venue-hours">
            <span className="vp-label">{m.venueHours}</span>
            {hoursText(openState(venue.hours, venue.timeZone, now))}
          </p>
          {address.length > 0 ? (
            <address data-testid="venue-address">
              <span className="vp-label">{m.venueAddress}</span>
              {address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          ) : null}
          {venueUser ? (
            <a className="vp-dash" href={`/dashboard/venues/${encodeURIComponent(venue.id)}`}>
              {m.venueDashboard}
            </a>
          ) : null}
          <p className="vp-cookies">
            {m.venueCookies}{' '}
            <button type="button" className="sf-link-btn" onClick={openCookieSettings}>
              {m.cookieSettings}
            </button>
          </p>
        </aside>
        <section className="vp-list" aria-labelledby="vp-stands">
          <h2 id="vp-stands">{m.venueStands}</h2>
          {merchants.length === 0 ? (
            <p className="vp-empty">{m.venueNoMerchants}</p>
          ) : (
            <ul data-testid="venue-merchants">
              {merchants.map((merchant) => (
                <li key={merchant.id}>
                  <a className="vp-card" href={standLink(merchant.handle, venue.handle, tag, testMode)} data-testid="venue-merchant">
                    {merchant.branding.icon ? (
                      <img src={merchant.branding.icon} alt="" width={56} height={56} loading="lazy" />
                    ) : (
                      <span className="vp-initial" aria-hidden>
                        {(merchant.name.trim()[0] ?? '?').toUpperCase()}
                      </span>
                    )}
                    <span className="vp-card-text">
                      <strong>{merchant.name}</strong>
                      {merchant.description ? <span>{merchant.description}</span> : null}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
