import * as React from 'react';
import { Route, Routes } from 'react-router';
import { ComingSoon, registerReact } from '@seatside/ui';

registerReact(React);

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
