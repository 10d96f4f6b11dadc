// THE single place where the shell renders the app-wide overlays from @seatside/ui: the support
// widget, the cookie notice and the update prompt. Each is tiny until used (the widget's panel is
// its own lazily loaded chunk) and none of them depends on antd.
import { CookieNotice, SupportWidget, UpdatePrompt } from '@seatside/ui';

export function GlobalOverlays() {
  return (
    <>
      <SupportWidget />
      <CookieNotice />
      <UpdatePrompt />
    </>
  );
}
