import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';

/** The router the react-router remotes (marketing, dashboard, admin, venue) render in; a lazy chunk. */
export default function RouterScope({ children }: { children: ReactNode }) {
  return <BrowserRouter>{children}</BrowserRouter>;
}
