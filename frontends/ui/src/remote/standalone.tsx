import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { UiProvider } from '../UiProvider';

/** A remote's `bootstrap.tsx` in standalone dev: in the platform the shell renders the remote's App. */
export function renderStandalone(App: ComponentType): void {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <BrowserRouter>
        <UiProvider>
          <App />
        </UiProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
