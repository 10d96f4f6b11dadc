// The shell app's mount: React's root and the first render (started by ./bootstrap).
import * as React from 'react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerReact } from '@seatside/ui/src/remote/runtime-check';
import { App } from './App';

registerReact(React);

// React's root and the first render start in the task after the modules' evaluation (React's, the
// shell's app's), which is a task of its own already (./bootstrap): a few milliseconds each.
// A transition: the first render yields to the browser every few milliseconds instead of holding the
// main thread in one long task (the page's first view is in the HTML already: docs/ARCHITECTURE.md, "The first paint").
setTimeout(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
