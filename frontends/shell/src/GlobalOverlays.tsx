// THE single place where the shell renders the app-wide overlays from @seatside/ui: the support
// widget, the cookie notice and the update prompt. Each is tiny until used (the widget's panel is
// its own lazily loaded chunk) and none of them depends on antd. Deep imports: the shell bundles
// just these, not the whole shared @seatside/ui (which a diner's storefront visit never needs).
// The widget's launcher is a chunk of its own too: diner pages show no widget, so a first visit to a
// storefront (on its 100 KB budget) does not download it.
import { lazy, Suspense } from 'react';
import { CookieNotice } from '@seatside/ui/src/cookies/CookieNotice';
import { UpdatePrompt } from '@seatside/ui/src/update/UpdatePrompt';

const SupportWidget = lazy(() => import('@seatside/ui/src/widget/SupportWidget').then((module) => ({ default: module.SupportWidget })));

// The widget's panel comes from the shared @seatside/ui on the first open (its calls use the one
// API client and session the remotes use).
const loadPanel = () => import('@seatside/ui').then((ui) => ui.loadWidgetPanel());

export function GlobalOverlays({ widget = true }: { widget?: boolean }) {
  return (
    <>
      {widget && (
        <Suspense fallback={null}>
          <SupportWidget loadPanel={loadPanel} />
        </Suspense>
      )}
      <CookieNotice />
      <UpdatePrompt />
    </>
  );
}
