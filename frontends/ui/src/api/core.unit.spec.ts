import { describe, expect, it } from '@jest/globals';
import { ApiError, createSessionApiClient } from './core';

const problem = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ status, code, message }), { status, headers: { 'content-type': 'application/problem+json' } });

/** A fetch answering in turn from `answers`, recording each URL and bearer it was called with. */
function fakeFetch(answers: Array<() => Response>) {
  const calls: Array<{ url: string; authorization?: string }> = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), authorization: (init?.headers as Record<string, string> | undefined)?.authorization });
    return answers.shift()!();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/**
 * A client on a session whose token starts as 'stale' and takes what each refresh gives (null: the
 * session ended); `sent()` lists each call's URL and Authorization header.
 */
function sessionClient(answers: Array<() => Response>) {
  const { fetch, calls } = fakeFetch(answers);
  const session = { token: 'stale' as string | null, told: [] as Array<string | null> };
  const api = createSessionApiClient({
    baseUrl: 'http://x/v1',
    fetch,
    session: { token: () => session.token, refreshed: (fresh) => { session.told.push(fresh); session.token = fresh; } },
  });
  return { api, session, sent: () => calls.map((c) => [c.url, c.authorization]) };
}

describe('the API client branches on the problem code, never on its text', () => {
  it('given a token_invalid answer, when a call fails, then it refreshes once and retries with the fresh token', async () => {
    const { api, sent } = sessionClient([
      () => problem(401, 'token_invalid', 'Some reworded text'),
      () => Response.json({ token: 'fresh' }),
      () => Response.json({ ok: true }),
    ]);
    await expect(api.get('/things')).resolves.toEqual({ ok: true });
    expect(sent()).toEqual([
      ['http://x/v1/things', 'Bearer stale'],
      ['http://x/v1/auth/refresh', undefined],
      ['http://x/v1/things', 'Bearer fresh'],
    ]);
  });

  it('given a refresh refused while another tab replaces the session cookie, when a call fails, then the refresh is asked once more and the call goes on with its token', async () => {
    const { api, sent, session } = sessionClient([
      () => problem(401, 'token_invalid', 'Invalid or expired token'),
      () => problem(401, 'sign_in_required', 'Sign in required'),
      () => Response.json({ token: 'fresh' }),
      () => Response.json({ ok: true }),
    ]);
    await expect(api.get('/things')).resolves.toEqual({ ok: true });
    expect(sent()).toEqual([
      ['http://x/v1/things', 'Bearer stale'],
      ['http://x/v1/auth/refresh', undefined],
      ['http://x/v1/auth/refresh', undefined],
      ['http://x/v1/things', 'Bearer fresh'],
    ]);
    expect(session.token).toBe('fresh');
  });

  it('given a refresh refused twice (the session is over), then the session ends and the call goes on without a token', async () => {
    const { api, sent, session } = sessionClient([
      () => problem(401, 'token_invalid', 'Invalid or expired token'),
      () => problem(401, 'sign_in_required', 'Sign in required'),
      () => problem(401, 'sign_in_required', 'Sign in required'),
      () => Response.json({ public: true }),
    ]);
    await expect(api.get('/things')).resolves.toEqual({ public: true });
    expect(sent()).toEqual([
      ['http://x/v1/things', 'Bearer stale'],
      ['http://x/v1/auth/refresh', undefined],
      ['http://x/v1/auth/refresh', undefined],
      ['http://x/v1/things', undefined],
    ]);
    expect(session.told).toEqual([null]);
  });

  it('given a refresh that cannot reach the server, then the session is kept: refresh() throws network_unreachable and nobody is signed out', async () => {
    const told: Array<string | null> = [];
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    const api = createSessionApiClient({ baseUrl: 'http://x/v1', fetch: offline, session: { token: () => 'stale', refreshed: (t) => told.push(t) } });
    await expect(api.refresh()).rejects.toMatchObject({ status: 0, code: 'network_unreachable' });
    expect(told).toEqual([]);
  });

  it('given another 401 (wrong credentials) with the old token text, then no refresh: the error carries its code', async () => {
    const { fetch, calls } = fakeFetch([() => problem(401, 'unauthorized', 'Invalid or expired token')]);
    const api = createSessionApiClient({ baseUrl: 'http://x/v1', fetch, session: { token: () => 'tok', refreshed: () => undefined } });
    const error = await api.get('/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).code]).toEqual([401, 'unauthorized']);
    expect(calls).toHaveLength(1);
  });

  it('given an answer without a code, then the code follows the status; given no network, network_unreachable', async () => {
    const { fetch } = fakeFetch([() => new Response('', { status: 409 })]);
    const api = createSessionApiClient({ baseUrl: 'http://x/v1', fetch });
    await expect(api.post('/things', {})).rejects.toMatchObject({ status: 409, code: 'conflict' });
    const offline = createSessionApiClient({ baseUrl: 'http://x/v1', fetch: (async () => { throw new TypeError('fetch failed'); }) as typeof globalThis.fetch });
    await expect(offline.get('/things')).rejects.toMatchObject({ status: 0, code: 'network_unreachable' });
  });
});
