import * as React from 'react';
import { Route, Routes, useParams } from 'react-router';
import { ComingSoon, registerReact } from '@seatside/ui';

registerReact(React);

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
