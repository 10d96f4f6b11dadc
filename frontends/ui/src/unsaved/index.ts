import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
import App from 'antd/es/app';
import { UNSAFE_NavigationContext } from 'react-router';
import { gatePopState } from '../location';
import { holdLeave } from './leave';

// Not in the package barrel (it pulls in antd): import from '@seatside/ui/src/unsaved' inside a
// <UiProvider> and a react-router router.

/** Our own wording: the spec says nothing of leaving an editor with unsaved changes. */
export const unsavedMessages = {
  title: 'Leave without saving?',
  content: 'You have unsaved changes. If you leave now, they are lost.',
  leave: 'Leave',
  stay: 'Stay',
} as const;

type Navigator = { push(...args: unknown[]): void; replace(...args: unknown[]): void };

/**
 * The one rule for an editor's unsaved work: while `dirty`, leaving asks first.
 *
 * - In-app navigation (a `Link`/`NavLink`, `navigate()`): the app's antd confirm, Leave or Stay.
 *   The dashboard renders in the shell's declarative `BrowserRouter` (frontends/shell/src/RouterScope.tsx),
 *   where react-router's `useBlocker` is not available (it needs a data router), so the guard holds
 *   the router's navigator (`UNSAFE_NavigationContext`, the history every Link and navigate() go
 *   through) and lets a push or replace through only once the person chose Leave.
 * - The browser's Back and Forward: the `popstate` is held from react-router and the shell by the
 *   page's first popstate listener (`gatePopState`, ui/src/location.ts; a capturing listener on window
 *   does not run first in Chromium) and the entry is stepped back to; Leave then takes the step again.
 * - Closing or reloading the tab: the browser's own `beforeunload` prompt.
 * - Signing out (the dashboard frame's account menu): the same question first (`mayLeave`, ./leave.ts),
 *   so Stay keeps the session as well as the work.
 *
 * Nothing is asked while `dirty` is false (nothing changed, or all of it saved). A navigation the
 * editor makes itself right after a save (a new record's page) goes through once the render that
 * cleared `dirty` has committed (read it in an effect).
 */
export function useLeaveGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  const navigator = (useContext(UNSAFE_NavigationContext) as { navigator?: Navigator } | null)?.navigator;
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    /** One question at a time: a second click while it is open does nothing. */
    let asking = false;
    const ask = (leave: () => void, stay?: () => void): void => {
      if (asking) return;
      asking = true;
      modal.confirm({
        title: unsavedMessages.title,
        content: unsavedMessages.content,
        okText: unsavedMessages.leave,
        okButtonProps: { danger: true },
        cancelText: unsavedMessages.stay,
        onOk: () => {
          asking = false;
          dirtyRef.current = false;
          leave();
        },
        onCancel: () => {
          asking = false;
          stay?.();
        },
      });
    };

    holdLeave(() => new Promise<boolean>((resolve) => ask(() => resolve(true), () => resolve(false))));

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    addEventListener('beforeunload', onBeforeUnload);

    const original = navigator ? { push: navigator.push, replace: navigator.replace } : undefined;
    if (navigator && original) {
      const held = (go: (...args: unknown[]) => void) =>
        (...args: unknown[]) => {
          if (!dirtyRef.current) return go.apply(navigator, args);
          ask(() => go.apply(navigator, args));
        };
      navigator.push = held(original.push);
      navigator.replace = held(original.replace);
    }

    // Back/Forward: the entry this editor is on (react-router numbers its entries, `state.idx`).
    const here = (history.state as { idx?: number } | null)?.idx;
    let stepping: 'back-in' | 'out' | null = null;
    const onPopState = (event: PopStateEvent): boolean => {
      if (stepping === 'out') {
        stepping = null;
        return false; // Leave: the step goes to react-router and the shell as usual.
      }
      if (stepping === 'back-in') {
        stepping = null;
        return true; // Our own step back to the editor's entry: nobody else needs it.
      }
      if (!dirtyRef.current) return false;
      const to = (event.state as { idx?: number } | null)?.idx;
      // An entry react-router did not number: most likely the one before.
      const delta = here !== undefined && to !== undefined ? to - here : -1;
      if (delta === 0) return false;
      stepping = 'back-in';
      history.go(-delta);
      ask(() => {
        stepping = 'out';
        history.go(delta);
      });
      return true;
    };
    gatePopState(onPopState);

    return () => {
      holdLeave(null);
      removeEventListener('beforeunload', onBeforeUnload);
      gatePopState(null);
      if (navigator && original) {
        navigator.push = original.push;
        navigator.replace = original.replace;
      }
    };
  }, [dirty, modal, navigator]);
}
