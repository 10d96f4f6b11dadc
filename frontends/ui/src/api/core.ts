// The API client without the session store (and so without zustand): what a page with only public
// calls (the storefront) bundles. client.ts binds it to the signed-in session for everyone else.
import { defaultCodeOf, type ErrorCode } from '@seatside/rules';

export type { ErrorCode } from '@seatside/rules';

/**
 * A failed API call: the problem+json body (or the HTTP status when there is none), typed. Code
 * branches on `code` (the problem's stable code, @seatside/rules errorCodes) or `status`; `message`
 * is only for showing.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network_unreachable';
  readonly errors?: Record<string, string>;

  constructor(status: number, message: string, errors?: Record<string, string>, code?: ErrorCode | 'network_unreachable') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code ?? (status === 0 ? 'network_unreachable' : defaultCodeOf(status));
    if (errors) this.errors = errors;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: no bearer token (public calls such as sign-in, which a stale token would get refused). */
  bearer?: boolean;
}

export interface ApiClientOptions {
  /** Base URL of the API; defaults to `/v1` on the page's own origin. */
  baseUrl?: string;
  /** Where the bearer token comes from; defaults to the session store (createApiClient in client.ts). */
  token?: () => string | null;
  fetch?: typeof fetch;
}

/** The signed-in session a client reads its token from and refreshes (client.ts: the session store). */
export interface SessionLink {
  token(): string | null;
  /** A refresh answered: the new token, or null when the session is over. */
  refreshed(token: string | null): void;
}

function toErrors(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: Record<string, string> = {};
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item && typeof item === 'object') {
        const { field, path, message } = item as { field?: unknown; path?: unknown; message?: unknown };
        const key = typeof field === 'string' ? field : Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : undefined;
        if (key && typeof message === 'string') out[key] = message;
      }
    }
  } else {
    for (const [key, message] of Object.entries(value)) {
      if (typeof message === 'string') out[key] = message;
      else if (Array.isArray(message) && typeof message[0] === 'string') out[key] = message[0];
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Reads a failed response into an ApiError (problem+json `message`/`detail`/`title`, field `errors`). */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> | undefined;
  try {
    const text = await res.text();
    body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    body = undefined;
  }
  const message =
    (typeof body?.message === 'string' && body.message) ||
    (typeof body?.detail === 'string' && body.detail) ||
    (typeof body?.title === 'string' && body.title) ||
    res.statusText ||
    `Request failed with status ${res.status}`;
  return new ApiError(res.status, message, toErrors(body?.errors), typeof body?.code === 'string' ? (body.code as ErrorCode) : undefined);
}

/** How long a refused session refresh waits before it asks once more (exchangeCookie). */
const REFUSED_REFRESH_RETRY_MS = 750;

/** A client on `options.token`, else on `session` (which it refreshes), else without a token. */
export function createSessionApiClient(options: ApiClientOptions & { session?: SessionLink } = {}) {
  const baseUrl = (options.baseUrl ?? '/v1').replace(/\/$/, '');
  // Only a client on the session's token refreshes it (a client with its own token has no session).
  const session = options.token ? undefined : options.session;
  const usesSession = !!session;
  const token = options.token ?? (() => session?.token() ?? null);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let refreshing: Promise<string | null> | null = null;

  /** `doFetch`, a failure to reach the server answered as the `network_unreachable` ApiError. */
  async function reach(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (err) {
      if ((err as { name?: string })?.name === 'AbortError') throw err;
      throw new ApiError(0, 'The network is unreachable. Check your connection and try again.', undefined, 'network_unreachable');
    }
  }

  const postRefresh = () => reach(`${baseUrl}/auth/refresh`, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });

  /**
   * The session cookie's exchange for a token: null when the session is over (401). A refused one is
   * asked once more after REFUSED_REFRESH_RETRY_MS: another tab of this browser may be replacing the
   * cookie right then (a password change there ends this tab's session, and the server may end this
   * tab's socket before that tab's answer has set the new cookie).
   */
  async function exchangeCookie(): Promise<string | null> {
    let res = await postRefresh();
    if (res.status === 401) {
      await new Promise((resolve) => setTimeout(resolve, REFUSED_REFRESH_RETRY_MS));
      res = await postRefresh();
    }
    if (res.status === 401) return null;
    if (!res.ok) throw await toApiError(res);
    return ((await res.json()) as { token?: string }).token ?? null;
  }

  /**
   * POST /v1/auth/refresh with the session cookie: the new token goes into the session, or (401) the
   * session ends; a server that could not answer throws and leaves the session as it is. Every
   * refresh of the page (concurrent 401s, explicit ones) shares one.
   */
  function refreshToken(): Promise<string | null> {
    refreshing ??= exchangeCookie()
      .then((fresh) => {
        session?.refreshed(fresh);
        return fresh;
      })
      .finally(() => (refreshing = null));
    return refreshing;
  }

  async function send<T>(path: string, opts: RequestOptions, retried: boolean): Promise<T> {
    let url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (opts.query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.query)) if (v !== undefined) params.set(k, String(v));
      const qs = params.toString();
      if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
    }
    const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...opts.headers };
    const bearer = opts.bearer === false ? null : token();
    if (bearer && !headers.authorization) headers.authorization = `Bearer ${bearer}`;
    const init: RequestInit = { method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'), headers };
    if (opts.signal) init.signal = opts.signal;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
    const res = await reach(url, init);
    if (!res.ok) {
      const error = await toApiError(res);
      // An expired access token (the edge says so, `token_invalid`): refresh it once and retry; when the
      // session is over too, go on signed out, so public calls still work (never for the /auth/* calls themselves).
      if (error.code === 'token_invalid' && usesSession && !retried && bearer && !opts.headers?.authorization && !/^\/?auth\//.test(path)) {
        const fresh = await refreshToken().catch(() => null);
        return send<T>(path, fresh ? opts : { ...opts, bearer: false }, true);
      }
      throw error;
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const request = <T>(path: string, opts: RequestOptions = {}) => send<T>(path, opts, false);

  return {
    request,
    /** The session's refresh (refreshToken): the fresh token, or null once the session is over. */
    refresh: refreshToken,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'PATCH', body }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createSessionApiClient>;
