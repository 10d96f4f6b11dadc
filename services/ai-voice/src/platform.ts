import { notFound, unavailable, validationFailed } from '@seatside/chassis';
import type { Cart } from './cart';
import { menuOf, type Menu, type StorefrontDocument } from './menu';
import { voiceMessages as m } from './messages';

/** A quoted line as the orders service answers it (docs/orders-api.md, "Price quote"). */
export interface QuotedLine {
  productId: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/**
 * What ai-voice reads of the platform, only through the gateway's public routes (never another
 * service's internals): the storefront document for the menu, the orders quote for prices.
 */
export interface Platform {
  /** The production menu, or the sandbox one (`testMode`: the storefront's `?testMode=true` site). */
  menu(merchantId: string, testMode?: boolean): Promise<Menu>;
  quote(menu: Menu, cart: Cart): Promise<QuotedLine[]>;
}

/** A sandbox menu's lines are quoted against the sandbox catalog (a checkout's `testMode`). */
const modeOf = (menu: Menu) => (menu.testMode ? { testMode: true } : {});

/** How long a storefront document is reused (the catalog answers it with max-age=5). */
const MENU_TTL_MS = 5_000;

export function httpPlatform(apiUrl: string, now: () => number = Date.now): Platform {
  const menus = new Map<string, { at: number; menu: Promise<Menu>; refreshing?: boolean }>();
  const call = async (path: string, init?: RequestInit): Promise<Response> => {
    try {
      return await fetch(`${apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw unavailable(m.platformUnavailable);
    }
  };
  const loadMenu = async (merchantId: string, testMode: boolean): Promise<Menu> => {
    const res = await call(`/v1/storefront/${encodeURIComponent(merchantId)}${testMode ? '?testMode=true' : ''}`);
    if (res.status === 404) throw notFound(m.merchantNotFound);
    if (!res.ok) throw unavailable(m.platformUnavailable);
    const doc = (await res.json()) as StorefrontDocument;
    // A venue's page, or a handle that names another tenant than the id asked: not this merchant.
    if (!doc.merchant || doc.merchant.id !== merchantId || !doc.products) throw notFound(m.merchantNotFound);
    return menuOf(doc, testMode);
  };
  return {
    menu(merchantId, testMode = false) {
      const key = `${testMode ? 'sandbox' : 'production'}:${merchantId}`;
      const cached = menus.get(key);
      if (cached && (now() - cached.at < MENU_TTL_MS || cached.refreshing)) return cached.menu;
      const menu = loadMenu(merchantId, testMode);
      if (!cached) {
        menus.set(key, { at: now(), menu });
        menu.catch(() => menus.delete(key));
        if (menus.size > 1000) menus.delete(menus.keys().next().value!);
        return menu;
      }
      // An expired menu still serves this turn while the fresh one loads in the background (one
      // document late at most, as the catalog's own max-age allows); the next turn gets the fresh one.
      cached.refreshing = true;
      menu.then(
        () => menus.set(key, { at: now(), menu }),
        () => menus.delete(key),
      );
      return cached.menu;
    },
    async quote(menu, cart) {
      if (cart.length === 0) return [];
      const body = { lineItems: cart, fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', ...modeOf(menu) };
      const res = await call(`/v1/merchants/${encodeURIComponent(menu.merchantId)}/orders/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json().catch(() => ({}))) as { lineItems?: QuotedLine[]; message?: string; errors?: Record<string, string> };
      // Lines are priced whatever the merchant's fulfillment or payment settings; only line errors matter here.
      if (res.ok && answer.lineItems) return answer.lineItems;
      const lineError = Object.entries(answer.errors ?? {}).find(([field]) => field.startsWith('lineItems'));
      if (res.status === 400 && lineError) throw validationFailed(lineError[1]);
      if (res.status === 400 || res.status === 409) return quoteLinesAlone(call, menu, cart);
      throw unavailable(m.platformUnavailable);
    },
  };
}

/**
 * When the merchant takes no counter pickup in cash, the first quote is refused for that reason:
 * the lines are quoted again with the merchant's first offered fulfillment and pay-later.
 */
async function quoteLinesAlone(call: (path: string, init?: RequestInit) => Promise<Response>, menu: Menu, cart: Cart): Promise<QuotedLine[]> {
  for (const fulfillment of [{ type: 'PICKUP', pickupMethod: 'TABLE' }, { type: 'SELF_CHECKOUT' }, { type: 'DELIVERY' }, { type: 'PICKUP', pickupMethod: 'CURBSIDE' }]) {
    for (const paymentProcessor of ['CASH', 'TBD', 'STRIPE']) {
      const res = await call(`/v1/merchants/${encodeURIComponent(menu.merchantId)}/orders/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lineItems: cart, fulfillment, paymentProcessor, ...modeOf(menu) }),
      });
      if (res.ok) {
        const answer = (await res.json()) as { lineItems?: QuotedLine[] };
        if (answer.lineItems) return answer.lineItems;
      }
    }
  }
  throw unavailable(m.platformUnavailable);
}
