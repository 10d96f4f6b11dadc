// The storefront's prerendered first view (docs/ARCHITECTURE.md, "The first paint"), bundled for the
// gateway by `npm run build` (frontends/ui/build/prerender.mjs): the merchant's header - banner, icon,
// name, today's hours, description, links - in the page's own markup and stylesheet, rendered from
// the public storefront document. React escapes every text and attribute (the merchant's words are
// user input). The app's page replaces it once its own view is in the DOM (Frame.tsx, Page).
import { renderToStaticMarkup } from 'react-dom/server';
import { Page } from './Frame';
import { fontStylesheet } from './domain/theme';
import { hoursText, openState } from './domain/hours';
import type { StorefrontDocument, VenueDocument } from './domain/types';
import { StoreHeader } from './menu/StoreHeader';
import { storefrontStylesHtml } from './styles';

/** What the gateway puts into the page: `title` as its title, `head` before `</head>`, `body` as the prerendered view. */
export interface Prerendered {
  title?: string;
  head: string;
  body: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `/{handle}`'s first view from its storefront document at `now`; undefined for what the app shows
 * otherwise (a venue's page, a teleported page, anything that is not a merchant's document).
 */
export function prerender(doc: StorefrontDocument | VenueDocument | undefined, now = new Date()): Prerendered | undefined {
  if (!doc || typeof doc !== 'object' || 'venue' in doc || !doc.merchant || doc.merchant.teleport) return undefined;
  const { merchant } = doc;
  const body = renderToStaticMarkup(
    <Page doc={doc}>
      <StoreHeader merchant={merchant} hoursText={hoursText(openState(merchant.hours, merchant.timeZone, now))} tag={null} />
    </Page>,
  );
  // The merchant's fonts load with the page (StoreHeader adds the same link, and finds it there).
  const fonts = fontStylesheet(merchant.fonts);
  const fontLink = fonts ? `<link rel="stylesheet" href="${escapeHtml(fonts)}" data-sf-fonts="${escapeHtml(fonts)}">` : '';
  return { title: merchant.name, head: `${storefrontStylesHtml()}${fontLink}`, body };
}
