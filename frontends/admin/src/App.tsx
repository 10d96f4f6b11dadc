import * as React from 'react';
import { Route, Routes } from 'react-router';
import { ComingSoon, UiProvider, registerReact } from '@seatside/ui';
import { RequirePlatformAdmin } from '@seatside/ui/src/auth';

registerReact(React);

/**
 * The admin remote: support staff and platform administration under /admin. Paths are absolute.
 * Every page needs the admin claim (seed 000 §2): signed out → the sign-in page, signed in without
 * it → the 401 page.
 */
export default function App() {
  return (
    <UiProvider>
      <RequirePlatformAdmin>
        <Routes>
          <Route path="/admin/merchants/*" element={<ComingSoon title="Admin: merchants" />} />
          <Route path="/admin/venues/*" element={<ComingSoon title="Admin: venues" />} />
          <Route path="*" element={<ComingSoon title="Admin" />} />
        </Routes>
      </RequirePlatformAdmin>
    </UiProvider>
  );
}
