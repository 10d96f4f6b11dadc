import { Suspense, lazy, useMemo, useState } from 'react';
import { MENUS_ANCHOR } from '@seatside/rules';
import { CartBar } from '../cart/CartBar';
import { cartStore, usePricedFrom } from '../cart/store';
import { hhmmTo12Hour } from '../domain/clock';
import { hoursText, menuAvailableNow, nextMenuOpening, openState } from '../domain/hours';
import { formatMajor, toMinor } from '../domain/money';
import { orderAheadSlots } from '../domain/ahead';
import { enabledTypes } from '../domain/fulfillment';
import type { StorefrontDocument, StorefrontProduct } from '../domain/types';
import { translateText } from '../domain/translate';
import { storefrontMessages as m } from '../messages';
import { Link, navigate, useSearchParams } from '../router';
import { useTagLink } from '../tag/useTagLink';
import { inMode, useNow } from '../useStorefront';
import { useStoreTitle } from '../title';
import { StoreHeader } from './StoreHeader';
import { venueRef } from './venueRef';

// The page builder's published page: its own chunk (and one per block type), loaded only when the merchant has one.
const PageView = lazy(() => import('../page/PageView'));
// The product sheet and the cart open on a tap: one chunk for both, loaded then.
const ProductSheet = lazy(() => import('./sheets').then(({ ProductSheet: sheet }) => ({ default: sheet })));
const CartDialog = lazy(() => import('./sheets').then(({ CartDialog: sheet }) => ({ default: sheet })));

function ProductRow({ product, currency, onOpen }: { product: StorefrontProduct; currency: string; onOpen(): void }) {
  return (
    <li>
      <button type="button" className="sf-product" aria-disabled={product.soldOut || undefined} onClick={product.soldOut ? undefined : onOpen} data-testid="product">
        <span className="sf-product-text">
          <strong>{product.title}</strong>
          {product.description ? <span className="sf-product-desc">{product.description}</span> : null}
          <span className="sf-price">{formatMajor(product.price, currency)}</span>
          {product.soldOut ? <span className="sf-soldout">{m.soldOut}</span> : null}
        </span>
        {product.images[0] ? <img className="sf-thumb" src={product.images[0]} alt="" loading="lazy" /> : null}
      </button>
    </li>
  );
}

/** No menu open now: when the next one opens (a menu window repeats daily), else that there are none. */
function noMenusText(all: StorefrontDocument['menus'], timeZone: string, now: Date): string {
  const next = nextMenuOpening(all, timeZone, now);
  return next ? m.menusOpenAt(hhmmTo12Hour(next.begin), next.tomorrow) : m.noMenus;
}

/** Reached from a venue's page (`?ref={venueHandle}`): the way back to it (also after checkout's Back to menu). */
function BackToVenue({ handle, testMode }: { handle: string; testMode: boolean }) {
  const [params] = useSearchParams();
  const ref = venueRef(params, handle, typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  if (!ref) return null;
  return (
    <Link className="sf-back" to={inMode(`/${encodeURIComponent(ref)}`, testMode)} data-testid="back-to-venue">
      ← {m.backToVenue}
    </Link>
  );
}

/** `/{handle}`: the merchant's page, the menus open now with their products, and the cart. */
export function StorefrontPage({ doc, handle, testMode }: { doc: StorefrontDocument; handle: string; testMode: boolean }) {
  const now = useNow();
  const store = cartStore(handle, testMode);
  usePricedFrom(store, doc);
  const lines = store((s) => s.lines);
  const tag = store((s) => s.tag);
  useTagLink(doc.merchant.id, testMode, store);
  const [openProduct, setOpenProduct] = useState<string | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const { merchant } = doc;
  useStoreTitle(merchant.name);
  const options = merchant.checkoutOptions;
  const currency = options.currency;
  const state = openState(merchant.hours, merchant.timeZone, now);
  // Closed now: a pickup may still be ordered for the next opening, with the menus of its first slot.
  const ahead = useMemo(
    () => (state.open || options.paused || !enabledTypes(options, tag).includes('PICKUP') ? null : (orderAheadSlots(options, merchant.hours, merchant.timeZone, now)[0] ?? null)),
    [state.open, options, tag, merchant.hours, merchant.timeZone, now],
  );
  const menuAt = ahead?.value;
  const menus = useMemo(
    () => doc.menus.filter((menu) => menuAvailableNow(menu.availability, merchant.timeZone, menuAt ? new Date(menuAt) : now)),
    [doc, merchant.timeZone, now, menuAt],
  );
  const blockedReason = options.paused ? m.paused : state.open || ahead ? null : m.closedNote;
  const canOrder = blockedReason === null;
  const note = blockedReason ?? (ahead ? m.orderAhead(ahead.label) : null);
  const product = openProduct ? doc.products[openProduct] : undefined;

  return (
    <>
      <BackToVenue handle={handle} testMode={testMode} />
      <StoreHeader merchant={merchant} hoursText={hoursText(state)} tag={tag} testMode={testMode} />
      {note ? (
        <p className="sf-note" role="status" data-testid="store-note">
          {note}
        </p>
      ) : null}
      {/* Group orders and tabs are orders for now: not while ordering ahead. */}
      {canOrder && state.open && (options.enableGroupOrdering || (options.fulfillmentTypes as Record<string, boolean | undefined>).TAB) ? (
        <nav className="sf-note" aria-label="Order together" style={{ display: 'flex', gap: 16 }}>
          {options.enableGroupOrdering ? <Link to={inMode(`/${handle}/group`, testMode)}>Start a group order</Link> : null}
          {(options.fulfillmentTypes as Record<string, boolean | undefined>).TAB ? <Link to={inMode(`/${handle}/tab`, testMode)}>Open a tab</Link> : null}
        </nav>
      ) : null}
      {doc.page && doc.page.blocks.length + doc.page.views.length + doc.page.drawers.length > 0 ? (
        <Suspense fallback={null}>
          <PageView doc={doc} page={doc.page} onOpenProduct={setOpenProduct} closeLabel={translateText(m.close, merchant.textTranslations ?? [])} />
        </Suspense>
      ) : null}
      {/* The menus, as a #menus link (a new button's default) names them. */}
      <div id={MENUS_ANCHOR}>
        {menus.length === 0 ? <p className="sf-center" data-testid="no-menus">{noMenusText(doc.menus, merchant.timeZone, now)}</p> : null}
        {menus.map((menu) => (
          <section key={menu.id} className="sf-menu" aria-labelledby={`menu-${menu.id}`}>
            <header>
              {menu.branding?.banner ? <img className="sf-menu-banner" src={menu.branding.banner} alt="" loading="lazy" /> : null}
              <h2 id={`menu-${menu.id}`}>{translateText(menu.title, merchant.textTranslations ?? [])}</h2>
              {menu.availability && !menu.availability.allDayMenu ? (
                <p>{m.menuHours(hhmmTo12Hour(menu.availability.begin), hhmmTo12Hour(menu.availability.end))}</p>
              ) : null}
              {menu.description ? <p>{menu.description}</p> : null}
            </header>
            <ul className="sf-products">
              {menu.products
                .map((id) => doc.products[id])
                .filter((p): p is StorefrontProduct => !!p)
                .map((p) => (
                  <ProductRow key={p.id} product={p} currency={currency} onOpen={() => setOpenProduct(p.id)} />
                ))}
            </ul>
          </section>
        ))}
      </div>
      {product ? (
        <Suspense fallback={null}>
          <ProductSheet
            product={product}
            modifiers={product.modifiers.map((id) => doc.modifiers[id]).filter((mod) => !!mod)}
            currency={currency}
            blockedReason={blockedReason}
            onAdd={(line) => {
              store.getState().add(line);
              setOpenProduct(null);
            }}
            onClose={() => setOpenProduct(null)}
          />
        </Suspense>
      ) : null}
      {cartOpen ? null : <CartBar lines={lines} currency={currency} onOpen={() => setCartOpen(true)} />}
      {cartOpen ? (
        <Suspense fallback={null}>
          <CartDialog
            lines={lines}
            store={store}
            currency={currency}
            minimumMinor={toMinor(options.minimumOrderAmount)}
            canOrder={canOrder}
            blockedReason={blockedReason}
            onCheckout={() => navigate(inMode(`/${handle}/checkout`, testMode))}
            onClose={() => setCartOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
