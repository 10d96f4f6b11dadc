import { createContext, useContext } from 'react';

/**
 * The widget's own in-memory router (seed 000 §2, §4): it never touches the page URL. Every
 * navigation pushes onto a history stack and Back pops it.
 */
export type WidgetRoute =
  | { name: 'home' }
  | { name: 'chat' }
  | { name: 'help' }
  | { name: 'help-item'; type: 'faq' | 'article'; id: string }
  | { name: 'news' }
  | { name: 'contact' };

export function matchRoute(path: string): WidgetRoute {
  const parts = path.split('/').filter(Boolean);
  const [first, type, id] = parts;
  if (first === 'chat' && parts.length === 1) return { name: 'chat' };
  if (first === 'news' && parts.length === 1) return { name: 'news' };
  if (first === 'contact' && parts.length === 1) return { name: 'contact' };
  if (first === 'help') {
    if (parts.length === 1) return { name: 'help' };
    if ((type === 'faq' || type === 'article') && id) return { name: 'help-item', type, id: decodeURIComponent(id) };
    return { name: 'help' };
  }
  return { name: 'home' };
}

export const helpItemPath = (type: 'faq' | 'article', id: string) => `/help/${type}/${encodeURIComponent(id)}`;

export type HistoryAction = { type: 'push'; path: string } | { type: 'back' } | { type: 'reset' };

/** The stack always holds at least the home route. Pushing the current route again is a no-op. */
export function historyReducer(stack: string[], action: HistoryAction): string[] {
  switch (action.type) {
    case 'push':
      return stack[stack.length - 1] === action.path ? stack : [...stack, action.path];
    case 'back':
      return stack.length > 1 ? stack.slice(0, -1) : stack;
    case 'reset':
      return ['/'];
  }
}

export interface WidgetNavigation {
  path: string;
  route: WidgetRoute;
  canGoBack: boolean;
  push(path: string): void;
  back(): void;
}

export const WidgetRouterContext = createContext<WidgetNavigation | null>(null);

export function useWidgetRouter(): WidgetNavigation {
  const nav = useContext(WidgetRouterContext);
  if (!nav) throw new Error('useWidgetRouter must be used inside the support widget');
  return nav;
}
