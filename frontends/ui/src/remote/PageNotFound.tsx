/**
 * What a remote shows at an address none of its routes has (a mistyped or stale link): says so
 * plainly, in the site's own type, with a way home, and names the browser tab so. `as="section"`
 * inside a frame that is already the `main` landmark. Imported as
 * '@seatside/ui/src/remote/PageNotFound', never through the barrel (see title.ts).
 */
import { FONT_FAMILY } from '../theme';
import { usePageTitle } from '../title';

const HEADING = 'Page not found';

export function PageNotFound({ as: Tag = 'main' }: { as?: 'main' | 'section' }) {
  usePageTitle(HEADING);
  return (
    <Tag
      data-testid="page-not-found"
      style={{ maxWidth: 960, margin: '0 auto', padding: '3rem 1.5rem', fontFamily: FONT_FAMILY, color: '#111827', lineHeight: 1.5 }}
    >
      <h1 style={{ marginTop: 0, fontSize: 28 }}>{HEADING}</h1>
      <p>
        <a href="/" style={{ color: '#1e3a8a', fontWeight: 500 }}>
          Back to home
        </a>
      </p>
    </Tag>
  );
}
