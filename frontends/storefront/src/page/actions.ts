import type { AlertColor, PageAction } from '@seatside/ui/src/page/types';

/** What the page's actions change on the page itself (drawers, popups, sheets, tabs, the alert). */
export interface ActionTargets {
  open(kind: 'drawer' | 'popup' | 'sheet', id: string): void;
  close(kind: 'drawer' | 'popup' | 'sheet', id: string): void;
  tab(id: string, animate: boolean): void;
  alert(color: AlertColor, message: string): void;
  /** Within the web app: `/path` or `#anchor`. */
  navigate(href: string, transition: string): void;
  /** Leaves for another address (or opens it in a new tab). */
  leave(href: string, target: '_self' | '_blank'): void;
  fetch(url: string): void;
  logout(): void;
}

/** Runs one action of seed 002 §3 against the page. */
export function runAction(action: PageAction | null | undefined, to: ActionTargets): void {
  if (!action) return;
  switch (action.type) {
    case 'navigate':
      return to.navigate(action.href, action.transition);
    case 'link':
      return to.leave(action.href, action.target);
    case 'setAlert':
      return to.alert(action.color, action.message);
    case 'fetch':
      return to.fetch(action.url);
    case 'logout':
      return to.logout();
    case 'openDrawer':
      return to.open('drawer', action.id);
    case 'closeDrawer':
      return to.close('drawer', action.id);
    case 'openPopup':
      return to.open('popup', action.id);
    case 'closePopup':
      return to.close('popup', action.id);
    case 'openSheet':
      return to.open('sheet', action.id);
    case 'closeSheet':
      return to.close('sheet', action.id);
    case 'tabLink':
      return to.tab(action.id, action.animate);
  }
}
