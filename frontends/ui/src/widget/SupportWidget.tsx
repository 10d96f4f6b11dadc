import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { COOKIE_DRAWER_REACH } from '../cookies/consent';
import type { StaffMember } from './content';
import { injectStyle } from './dom';
import { ChatIcon, CloseIcon } from './icons';
import type { WidgetPanelProps } from './WidgetPanel';

/** Loads the open panel (screens, forms, chat): its own chunk, so only the launcher loads with the page. */
export type WidgetPanelLoader = () => Promise<{ default: ComponentType<WidgetPanelProps> }>;

const OPEN_LABEL = 'Open support';
const CLOSE_LABEL = 'Close support';

// Only the launcher's CSS ships with the page; the panel's comes with its chunk. While the cookie
// notice is open the launcher sits above it where the two would meet: on a phone the notice spans
// the width, and from 500 px (440 px wide, 16 px from the left) it reaches the launcher's column
// below 532 px.
const launcherCss = `
.ssw-launcher{position:fixed;right:20px;bottom:20px;z-index:1000;width:56px;height:56px;border:0;border-radius:50%;
background:var(--ssw-primary,#0958d9);color:#fff;cursor:pointer;display:grid;place-items:center;
box-shadow:0 6px 20px rgba(0,0,0,.22);transition:transform .15s ease}
.ssw-launcher:hover{transform:scale(1.06)}
.ssw-launcher:focus-visible{outline:3px solid #91caff;outline-offset:2px}
.ssw-launcher svg{width:26px;height:26px}
.ssw-badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 6px;box-sizing:border-box;border-radius:10px;
background:#b42318;color:#fff;font:700 12px/20px system-ui,sans-serif;text-align:center;border:2px solid #fff}
@media (max-width:499.98px){.ssw-launcher[aria-expanded="true"]{display:none}}
@media (max-width:531.98px){.ssw-launcher{bottom:calc(20px + var(${COOKIE_DRAWER_REACH},0px))}}
`;

export interface SupportWidgetProps {
  /** Staff shown on the home screen with online dots; defaults to the widget's built-in list. */
  staff?: StaffMember[];
  /**
   * The panel, loaded on the first open: `loadWidgetPanel` of the shared `@seatside/ui`, so the
   * panel's API calls use the one API client and session every remote uses. The launcher itself is
   * deep-imported by the shell (`@seatside/ui/src/widget/SupportWidget`).
   */
  loadPanel: WidgetPanelLoader;
}

/** The support widget (seed 000 §2, §4, §9): a floating button at the bottom right and its panel. */
export function SupportWidget({ staff, loadPanel }: SupportWidgetProps) {
  const WidgetPanel = useMemo(() => lazy(loadPanel), [loadPanel]);
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted (hidden when closed) so its history, drafts and chat survive.
  const [mounted, setMounted] = useState(false);
  // Support replies and calls that came while the panel was closed.
  const [unread, setUnread] = useState(0);
  const launcher = useRef<HTMLButtonElement>(null);

  useEffect(() => injectStyle('ssw-launcher-css', launcherCss), []);

  const close = useCallback(() => {
    setOpen(false);
    launcher.current?.focus();
  }, []);

  const toggle = () => {
    if (open) return close();
    setMounted(true);
    setOpen(true);
  };

  return (
    <>
      <button
        ref={launcher}
        type="button"
        className="ssw-launcher"
        aria-label={open ? CLOSE_LABEL : unread > 0 ? `${OPEN_LABEL}, ${unread} new` : OPEN_LABEL}
        aria-expanded={open}
        aria-controls={mounted ? 'ssw-panel' : undefined}
        onClick={toggle}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
        {!open && unread > 0 && (
          <span className="ssw-badge" data-testid="support-unread" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <WidgetPanel open={open} onClose={close} staff={staff} onUnread={setUnread} />
        </Suspense>
      )}
    </>
  );
}
