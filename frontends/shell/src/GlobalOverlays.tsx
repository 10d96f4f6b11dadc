// THE single place where the shell renders the app-wide overlays from @seatside/ui: the support
// widget, the cookie notice and the update prompt. Each is tiny until used (the widget's panel is
// its own lazily loaded chunk) and none of them depends on antd. Deep imports: the shell bundles
// just these, not the whole shared @seatside/ui (which a diner's storefront visit never needs).
import { CookieNotice } from '@seatside/ui/src/cookies/CookieNotice';
import { UpdatePrompt } from '@seatside/ui/src/update/UpdatePrompt';
import { SupportWidget } from '@seatside/ui/src/widget/SupportWidget';

// The widget's panel comes from the shared @seatside/ui on the first open (its calls use the one
// API client and session the remotes use).
const loadPanel = () => import('@seatside/ui').then((ui) => ui.loadWidgetPanel());

export function GlobalOverlays({ widget = true }: { widget?: boolean }) {
  return (
    <>
      {widget && <SupportWidget loadPanel={loadPanel} />}
      <CookieNotice />
      <UpdatePrompt />
    </>
  );
}
