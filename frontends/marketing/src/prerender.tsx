// The landing page's prerendered first view (docs/ARCHITECTURE.md, "The first paint"), bundled for the
// gateway by `npm run build` (frontends/ui/build/prerender.mjs): the site header, the promotion and
// the hero as the app renders them at `/`, with the stylesheets they inject. The page is the same
// for everyone, so the gateway renders it once per build. The app replaces it once its own view is
// in the DOM (App.tsx).
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { injectedStylesHtml } from '@seatside/ui/src/layout/styles';
import App from './App';

/** What the gateway puts into the page: `head` before `</head>`, `body` as the prerendered view. */
export interface Prerendered {
  head: string;
  body: string;
}

/** The first view of a marketing `path`: only the landing page `/` has one. */
export function prerender(path: string): Prerendered | undefined {
  if (path !== '/') return undefined;
  const body = renderToStaticMarkup(
    <StaticRouter location={path}>
      <App />
    </StaticRouter>,
  );
  // After the render: the stylesheets its components injected, at import or while rendering.
  return { head: injectedStylesHtml(), body };
}
