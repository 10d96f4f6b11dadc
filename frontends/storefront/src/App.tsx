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

function Tag() {
  const { code } = useParams();
  return <ComingSoon title={`Tag ${code ?? ''}`}>Tag ordering is built with the storefront issue.</ComingSoon>;
}

function Storefront() {
  const { handle } = useParams();
  return <ComingSoon title={handle ?? 'Storefront'}>The ordering page is built with the storefront issue.</ComingSoon>;
}

/** The storefront remote: the public ordering page /{handle} and tag ordering /tag/{code}. Paths are absolute. */
export default function App() {
  return (
    <Routes>
      <Route path="/tag/:code/*" element={<Tag />} />
      <Route path="/:handle/*" element={<Storefront />} />
      <Route path="*" element={<ComingSoon title="Storefront" />} />
    </Routes>
  );
}
