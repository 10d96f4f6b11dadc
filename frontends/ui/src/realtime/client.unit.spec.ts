import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { RealtimeStatus } from './client';

type Handler = (arg: unknown) => void;

/** The socket.io-client socket the connection drives: its handlers, and how often it was asked to connect. */
const fake = { handlers: new Map<string, Handler>(), connects: 0 };

// The page's session store (the package root, which jest cannot load whole): these connections pass their token.
jest.mock('@seatside/ui', () => ({ useSession: { getState: () => ({ token: null }) } }));
jest.mock('socket.io-client', () => ({
  io: () => ({
    // Not reconnecting by itself: what a handshake the server refused leaves.
    active: false,
    on: (event: string, handler: Handler) => fake.handlers.set(event, handler),
    connect: () => void fake.connects++,
    emit: () => undefined,
    disconnect: () => undefined,
    close: () => undefined,
    connected: false,
  }),
}));

// Loaded once the mocks above are in place (they are not hoisted above an import).
let connectRealtime: (typeof import('./client'))['connectRealtime'];
beforeAll(async () => {
  ({ connectRealtime } = await import('./client'));
});

/** Lets the connection's promises (socket.io's import, the refresh) settle; the fake clock stands still. */
const settle = () => jest.advanceTimersByTimeAsync(0);

/** A connection whose handshake the server refused as `token_invalid`, refreshed with `refreshToken`. */
async function refusedAsExpired(refreshToken: () => Promise<string | null>) {
  const statuses: RealtimeStatus[] = [];
  const connection = connectRealtime('/orders', { token: () => 'stale', refreshToken });
  connection.onStatus((status) => statuses.push(status));
  await settle();
  const connectError = fake.handlers.get('connect_error');
  if (!connectError) throw new Error('no connect_error handler');
  connectError(Object.assign(new Error('refused'), { data: { code: 'token_invalid' } }));
  await settle();
  return { connection, statuses };
}

describe('a realtime connection whose token expired', () => {
  beforeEach(() => {
    fake.handlers.clear();
    fake.connects = 0;
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('given a refresh that gives a fresh token, then it connects again', async () => {
    const { connection, statuses } = await refusedAsExpired(async () => 'fresh');
    expect(fake.connects).toBe(1);
    expect(statuses).toEqual(['connecting']);
    connection.close();
  });

  it('given a refresh refused (the session is over), then it is refused and does not connect again', async () => {
    const { connection, statuses } = await refusedAsExpired(async () => null);
    expect(statuses).toEqual(['connecting', 'refused']);
    expect(fake.connects).toBe(0);
    connection.close();
  });

  it('given a refresh that cannot reach the server, then it is offline and tries the handshake again later', async () => {
    const { connection, statuses } = await refusedAsExpired(() => Promise.reject(new Error('The network is unreachable.')));
    expect(statuses).toEqual(['connecting', 'offline']);
    expect(fake.connects).toBe(0);
    jest.advanceTimersByTime(2000);
    expect(fake.connects).toBe(1);
    connection.close();
  });
});
