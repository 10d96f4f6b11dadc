// The shell app's mount: React's root and the first render (started by ./bootstrap).
import * as React from 'react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerReact } from '@seatside/ui/src/remote/runtime-check';
import { App } from './App';

registerReact(React);

// A transition: the first render yields to the browser every few milliseconds instead of holding the
// main thread in one long task (the page's first view is in the HTML already: docs/ARCHITECTURE.md, "The first paint").
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
