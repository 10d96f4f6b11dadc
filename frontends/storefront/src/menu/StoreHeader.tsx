import { useEffect, useState } from 'react';
import { fetchWait } from '../api';
import type { CartTag } from '../cart/store';
import { linksToShow } from '../domain/links';
import { formatMajor } from '../domain/money';
import { fontStylesheet } from '../domain/theme';
import type { StorefrontMerchant } from '../domain/types';
import { storefrontMessages as m } from '../messages';

/** Loads the merchant's (or the venue page's) web fonts once per page (nothing when no fonts are set). */
export function useMerchantFonts(fonts: StorefrontMerchant['fonts']) {
  const href = fontStylesheet(fonts);
  useEffect(() => {
    if (!href || document.querySelector(`link[data-sf-fonts="${CSS.escape(href)}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.sfFonts = href;
    document.head.appendChild(link);
  }, [href]);
}

/** How often the current wait is read again. */
const WAIT_REFRESH_MS = 60_000;

/** The wait a diner ordering now would get (`GET …/wait`), read again every minute; null until known. */
function useCurrentWait(merchantId: string, testMode: boolean): number | null {
  const [minutes, setMinutes] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const read = () => fetchWait(merchantId, testMode, controller.signal).then((answer) => setMinutes(answer.currentWaitMinutes), () => undefined);
    void read();
    const timer = setInterval(read, WAIT_REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [merchantId, testMode]);
  return minutes;
}

/** The merchant's banner, icon or logo, name, description, open hours, the current wait, minimum order and the diner's table. */
export function StoreHeader({ merchant, hoursText, tag, testMode = false }: { merchant: StorefrontMerchant; hoursText: string; tag: CartTag | null; testMode?: boolean }) {
  useMerchantFonts(merchant.fonts);
  const wait = useCurrentWait(merchant.id, testMode);
  const { branding, checkoutOptions } = merchant;
  const icon = branding.icon ?? branding.logo;
  return (
    <header>
      {branding.banner ? <img className="sf-banner" src={branding.banner} alt="" /> : null}
      <div className="sf-head">
        {icon ? <img className="sf-icon" src={icon} alt={`${merchant.name} logo`} /> : null}
        <h1 style={icon ? undefined : { gridColumn: '1 / -1' }}>{merchant.name}</h1>
        <p className="sf-facts" style={icon ? { gridColumn: 2 } : undefined} data-testid="store-hours">
          {hoursText}
        </p>
        {merchant.description ? <p className="sf-desc">{merchant.description}</p> : null}
        {/* Its line is kept from the first paint: the current wait arrives after it, and must not push the menu down. */}
        <div className="sf-facts sf-facts-row">
          {tag?.label ? (
            <span className="sf-chip" data-testid="tag-location">
              {tag.label}
            </span>
          ) : null}
          {wait !== null ? <span data-testid="current-wait">{m.currentWait(wait)}</span> : null}
          {linksToShow(merchant.links).map((link) => (
            <a key={`${link.title}-${link.url}`} className="sf-chip sf-link" href={link.url} target={link.target} rel={link.target === '_blank' ? 'noopener noreferrer' : undefined} data-testid="merchant-link">
              {link.icon ? <img src={link.icon} alt="" width={16} height={16} /> : null}
              {link.title}
            </a>
          ))}
          {checkoutOptions.minimumOrderAmount > 0 ? <span>{m.minimumOrderNote(formatMajor(checkoutOptions.minimumOrderAmount, checkoutOptions.currency))}</span> : null}
        </div>
      </div>
    </header>
  );
}
