import type { ReactNode } from 'react';

/**
 * An honest page for a route whose screens are not built: says plainly it is not available yet
 * (never which work would bring it), in the site's own type, with a way home. `as="section"` inside
 * a frame that is already the `main` landmark.
 */
export function ComingSoon({ title, children, as: Tag = 'main' }: { title: string; children?: ReactNode; as?: 'main' | 'section' }) {
  return (
    <Tag
      data-testid="coming-soon"
      style={{ maxWidth: 960, margin: '0 auto', padding: '3rem 1.5rem', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', color: '#111827', lineHeight: 1.5 }}
    >
      <h1 style={{ marginTop: 0, fontSize: 28 }}>{title}</h1>
      {children ? <p>{children}</p> : <p>This page is not available yet.</p>}
      <p>
        <a href="/" style={{ color: '#1e3a8a', fontWeight: 500 }}>
          Back to home
        </a>
      </p>
    </Tag>
  );
}
