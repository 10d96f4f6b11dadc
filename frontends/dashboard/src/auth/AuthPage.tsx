import type { ReactNode } from 'react';
import { usePageTitle } from '@seatside/ui/src/title';

/** The frame of every auth screen: a narrow column with the page's heading. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div style={{ maxWidth: 440, margin: '0 auto', padding: '48px 20px 64px' }}>
      <h1 style={{ marginTop: 0, marginBottom: 24, fontSize: 28 }}>{title}</h1>
      {children}
    </div>
  );
}
