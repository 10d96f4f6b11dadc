import type { ReactNode } from 'react';

/** An honest page for a route whose screens arrive with a later issue. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: '3rem 1.5rem' }}>
      <h1 style={{ marginTop: 0 }}>{title}</h1>
      <p>Coming soon.</p>
      {children}
    </main>
  );
}
