// The storefront's routing without react-router: a diner's phone downloads every byte of the first
// visit, and the storefront needs only its four routes, the URL's parameters and navigation. The
// location comes from @seatside/ui/src/location (history + popstate), which the shell uses too.
import { createContext, useCallback, useContext, useMemo, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { historyState, navigate, useSearch } from '@seatside/ui/src/location';

export { navigate, usePathname } from '@seatside/ui/src/location';

export type Params = Readonly<Record<string, string | undefined>>;

/** A route's pattern (`/:handle/orders/:orderId`, a trailing `/*` for the rest) against a pathname, as react-router matches it. */
export function matchRoute(pattern: string, pathname: string): Params | null {
  const splat = pattern.endsWith('/*');
  const parts = (splat ? pattern.slice(0, -2) : pattern).split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  if (splat ? segments.length < parts.length : segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        params[part.slice(1)] = segment;
      }
    } else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}

const ParamsContext = createContext<Params>({});

/** Gives the matched route's parameters to the page below (useParams). */
export const ParamsProvider = ParamsContext.Provider;

/** The current route's parameters (`handle`, `orderId`, `code`). */
export const useParams = (): Params => useContext(ParamsContext);

type SetSearchParams = (next: (current: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void;

/** The URL's query, re-read on every navigation, and a setter that navigates to a new query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>((next, options) => {
    const query = next(new URLSearchParams(location.search)).toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}${location.hash}`, options);
  }, []);
  return [params, set];
}

/** What the page was navigated to with (`navigate(to, { state })`), if anything. */
export const useNavigationState = <T,>(): T | undefined => historyState<T>();

/** A link within the site: a plain anchor that navigates in place on a plain left click. */
export function Link({ to, onClick, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
