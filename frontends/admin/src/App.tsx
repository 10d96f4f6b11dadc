import * as React from 'react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { registerReact } from '@seatside/ui';

registerReact(React);

function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: '3rem 1.5rem' }}>
      <h1 style={{ marginTop: 0 }}>{title}</h1>
      <p>Coming soon.</p>
      {children}
    </main>
  );
}

/** The admin remote: support staff and platform administration under /admin. Paths are absolute. */
export default function App() {
  return (
    <Routes>
      <Route path="/admin/merchants/*" element={<ComingSoon title="Admin: merchants" />} />
      <Route path="/admin/venues/*" element={<ComingSoon title="Admin: venues" />} />
      <Route path="*" element={<ComingSoon title="Admin" />} />
    </Routes>
  );
}
