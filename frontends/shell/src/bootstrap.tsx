import * as React from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerReact } from '@seatside/ui/src/remote/runtime-check';
import { App } from './App';

registerReact(React);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
