import * as React from 'react';
import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
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

function Venue() {
  const { venueId } = useParams();
  return <ComingSoon title={`Venue ${venueId ?? ''}`}>The venue dashboard is built with the venues issue.</ComingSoon>;
}

/** The venue remote: the venue dashboard under /dashboard/venues/{id}. Paths are absolute. */
export default function App() {
  return (
    <Routes>
      <Route path="/dashboard/venues/:venueId/*" element={<Venue />} />
      <Route path="*" element={<ComingSoon title="Venues" />} />
    </Routes>
  );
}
