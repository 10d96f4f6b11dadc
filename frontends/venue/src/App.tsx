import * as React from 'react';
import { Route, Routes, useParams } from 'react-router';
import { ComingSoon, registerReact } from '@seatside/ui';

registerReact(React);

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
