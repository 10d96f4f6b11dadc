import express from 'express';
import { createAccountGenerations } from '../auth/generations';
import { createJwksVerifier } from '../auth/jwks';
import { createTestIssuer, type TestIssuer } from '../auth/testing';
import type { TokenVerifier } from '../auth/types';
import { forbidden, unauthorized, validationFailed } from '../errors';
import { connectRedisAdapters } from '../kv/redis';
import { createMemoryAdapters, createMemoryPubSub } from '../kv/memory';
import type { KeyValueAdapters, PubSub } from '../kv/types';
import { createLogger } from '../logger';
import { createRealtimePublisher } from './publisher';
import { arrival, disconnection, joinRoom, listenWithRealtime, nextEvent, received, RealtimeRefused, type RealtimeTestServer } from './testing';
import type { RealtimeHub } from './types';

const logger = createLogger({ service: 'realtime-spec', level: 'silent' });

/** A namespace whose rooms are `team:{id}`, joinable by members of the team named in the uid (`alice@t1`). */
const teams = {
  name: 'teams',
  realtime(hub: RealtimeHub) {
    hub.namespace('/teams', {
      async join(request, principal) {
        const team = (request as { team?: unknown } | null)?.team;
        if (typeof team !== 'string') throw validationFailed('Name a team');
        if (!principal) throw unauthorized('Sign in required', 'sign_in_required');
        if (!principal.uid.endsWith(`@${team}`)) throw forbidden('You do not have access to this page.');
        return `team:${team}`;
      },
    });
    // A second namespace, for what holds across them: anyone signed in may join its one room.
    hub.namespace('/notes', {
      async join(_request, principal) {
        if (!principal) throw unauthorized('Sign in required', 'sign_in_required');
        return 'notes';
      },
    });
  },
};

describe('realtime (chassis): one socket.io server per process, rooms by request, emits over the kv pub/sub', () => {
  let issuer: TestIssuer;
  const servers: RealtimeTestServer[] = [];
  const start = async (pubsub: PubSub, verifiers: readonly TokenVerifier[] = [issuer.verifier()]) => {
    const server = await listenWithRealtime(express(), { verifiers, pubsub, logger, services: [teams] });
    servers.push(server);
    return server;
  };

  /** A socket of `uid` (`alice@t1`) on `server`, in its team's room; its token of `generation` when given. */
  const inTeam = async (server: RealtimeTestServer, uid: string, generation?: number) => {
    const socket = await server.connect('/teams', { token: await issuer.sign({ uid, ...(generation !== undefined ? { generation } : {}) }) });
    await joinRoom(socket, { team: uid.split('@')[1] });
    return socket;
  };
  /** A server whose verifier checks account generations, as every process's does (auth/generations.ts). */
  const startCheckingGenerations = (kv: Pick<KeyValueAdapters, 'cache' | 'pubsub'>) =>
    start(kv.pubsub, [createJwksVerifier({ jwks: issuer.jwks, issuer: 'seatside', audience: 'seatside', generations: createAccountGenerations(kv) })]);

  beforeAll(async () => {
    issuer = await createTestIssuer({ issuer: 'seatside', audience: 'seatside' });
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('given no token, the handshake is anonymous; given a bad or expired token, it is refused as REST refuses it (401)', async () => {
    const server = await start(createMemoryPubSub());
    const anonymous = await server.connect('/teams');
    expect(anonymous.connected).toBe(true);
    await expect(joinRoom(anonymous, { team: 't1' })).resolves.toEqual({ ok: false, status: 401, code: 'sign_in_required', message: 'Sign in required' });

    await expect(server.connect('/teams', { token: 'not-a-jwt' })).rejects.toEqual(new RealtimeRefused(401, 'Invalid or expired token'));
    const expired = await issuer.sign({ uid: 'alice@t1' }, { expiresIn: '-1m' });
    await expect(server.connect('/teams', { token: expired })).rejects.toMatchObject({ status: 401, message: 'Invalid or expired token' });
  });

  it("given a member's token, joins its room; another team's room is 403; a malformed request 400", async () => {
    const server = await start(createMemoryPubSub());
    const alice = await server.connect('/teams', { token: await issuer.sign({ uid: 'alice@t1' }) });
    await expect(joinRoom(alice, { team: 't1' })).resolves.toEqual({ ok: true, room: 'team:t1' });
    await expect(joinRoom(alice, { team: 't2' })).resolves.toEqual({ ok: false, status: 403, code: 'forbidden', message: 'You do not have access to this page.' });
    await expect(joinRoom(alice, 'nonsense')).resolves.toEqual({ ok: false, status: 400, code: 'validation_failed', message: 'Name a team' });
    // "Bearer …" is accepted as well, as in the REST header.
    const bearer = await server.connect('/teams', { token: `Bearer ${await issuer.sign({ uid: 'bob@t2' })}` });
    await expect(joinRoom(bearer, { team: 't2' })).resolves.toMatchObject({ ok: true });
  });

  it('when a publisher emits to a room, then only the sockets in that room receive it', async () => {
    const pubsub = createMemoryPubSub();
    const server = await start(pubsub);
    const alice = await server.connect('/teams', { token: await issuer.sign({ uid: 'alice@t1' }) });
    const bob = await server.connect('/teams', { token: await issuer.sign({ uid: 'bob@t2' }) });
    await joinRoom(alice, { team: 't1' });
    await joinRoom(bob, { team: 't2' });
    const bobSaw = received(bob, 'note');
    const publisher = createRealtimePublisher(pubsub);

    const aliceGets = nextEvent(alice, 'note');
    await publisher.emit('/teams', 'team:t1', 'note', { text: 'for t1' });
    await expect(aliceGets).resolves.toEqual({ text: 'for t1' });
    const bobGets = nextEvent(bob, 'note');
    await publisher.emit('/teams', 'team:t2', 'note', { text: 'for t2' });
    await expect(bobGets).resolves.toEqual({ text: 'for t2' });
    expect(bobSaw).toEqual([{ text: 'for t2' }]);
  });

  it('when a publisher emits to several rooms in one message, then the sockets in any of them hear it, and no other', async () => {
    const pubsub = createMemoryPubSub();
    const server = await start(pubsub);
    const alice = await server.connect('/teams', { token: await issuer.sign({ uid: 'alice@t1' }) });
    const bob = await server.connect('/teams', { token: await issuer.sign({ uid: 'bob@t2' }) });
    const carol = await server.connect('/teams', { token: await issuer.sign({ uid: 'carol@t3' }) });
    await joinRoom(alice, { team: 't1' });
    await joinRoom(bob, { team: 't2' });
    await joinRoom(carol, { team: 't3' });
    const seen = { alice: received(alice, 'note'), bob: received(bob, 'note'), carol: received(carol, 'note') };
    const publisher = createRealtimePublisher(pubsub);

    await publisher.emit('/teams', ['team:t1', 'team:t2'], 'note', { text: 'for t1 and t2' });
    // Then one to the room carol is in: once it arrived, the earlier one had its chance to reach carol too.
    await publisher.emit('/teams', 'team:t3', 'note', { text: 'for t3' });
    for (const list of Object.values(seen)) await arrival(list, () => true);
    expect(seen).toEqual({ alice: [{ text: 'for t1 and t2' }], bob: [{ text: 'for t1 and t2' }], carol: [{ text: 'for t3' }] });
  });

  it("given an account's sockets opened with its generation-0 token in two namespaces, one opened with a generation-1 token, and another member's, when identity raises the account's generation to 1, then the server closes the two older sockets (reason 'io server disconnect') and no other, and the old token opens none again (401)", async () => {
    const kv = createMemoryAdapters();
    const server = await startCheckingGenerations(kv);
    const old = await issuer.sign({ uid: 'alice@t1', generation: 0 });
    const [teamTab, notesTab] = [await server.connect('/teams', { token: old }), await server.connect('/notes', { token: old })];
    await joinRoom(teamTab, { team: 't1' });
    await joinRoom(notesTab, {});
    const [fresh, bob] = [await inTeam(server, 'alice@t1', 1), await inTeam(server, 'bob@t1')];
    const gone = Promise.all([disconnection(teamTab), disconnection(notesTab)]);
    const freshHeard = received(fresh, 'note');
    const bobHeard = received(bob, 'note');

    // As the identity process does after a password change or a revoked claim (accounts/revoke.ts).
    await createAccountGenerations(kv).publish('alice@t1', 1, 60_000);

    await expect(gone).resolves.toEqual(['io server disconnect', 'io server disconnect']);
    await createRealtimePublisher(kv.pubsub).emit('/teams', 'team:t1', 'note', { text: 'still here' });
    await arrival(freshHeard, () => true);
    await arrival(bobHeard, () => true);
    expect([fresh.connected, bob.connected]).toEqual([true, true]);
    await expect(server.connect('/teams', { token: old })).rejects.toEqual(new RealtimeRefused(401, 'Invalid or expired token'));
  });

  it('given an anonymous socket and a socket of an API key, when the key is deleted (its subject apikey:<id> gets a raised generation), then the key\'s socket closes and the anonymous one stays', async () => {
    const kv = createMemoryAdapters();
    const server = await startCheckingGenerations(kv);
    const anonymous = await server.connect('/teams');
    const keyToken = await issuer.sign({ uid: 'apikey:k1', tenant: { collection: 'merchants', id: 'm1', testMode: false } });
    const keySocket = await server.connect('/notes', { token: keyToken });
    const gone = disconnection(keySocket);

    await createAccountGenerations(kv).publish('apikey:k1', 1, 60_000);

    await expect(gone).resolves.toBe('io server disconnect');
    await expect(joinRoom(anonymous, { team: 't1' })).resolves.toMatchObject({ ok: false, status: 401 });
    expect(anonymous.connected).toBe(true);
  });

  describe('with Redis (REDIS_URL): two processes', () => {
    const redisUrl = process.env.REDIS_URL;
    const adapters: KeyValueAdapters[] = [];
    afterAll(async () => {
      for (const kv of adapters) await kv.close();
    });
    const connect = async (prefix: string) => {
      const kv = await connectRedisAdapters({ url: redisUrl ?? '', prefix });
      adapters.push(kv);
      return kv;
    };

    (redisUrl ? it : it.skip)('when one replica publishes, then a socket connected to the other replica receives it', async () => {
      const prefix = `realtime-spec-${process.pid}-${Date.now()}:`;
      const [one, two] = [await connect(prefix), await connect(prefix)];
      const replicaOne = await start(one.pubsub);
      const replicaTwo = await start(two.pubsub);
      const onOne = await replicaOne.connect('/teams', { token: await issuer.sign({ uid: 'alice@t1' }) });
      const onTwo = await replicaTwo.connect('/teams', { token: await issuer.sign({ uid: 'carol@t1' }) });
      await joinRoom(onOne, { team: 't1' });
      await joinRoom(onTwo, { team: 't1' });

      const both = Promise.all([nextEvent(onOne, 'note'), nextEvent(onTwo, 'note')]);
      await createRealtimePublisher(one.pubsub).emit('/teams', 'team:t1', 'note', { text: 'to every replica' });
      await expect(both).resolves.toEqual([{ text: 'to every replica' }, { text: 'to every replica' }]);
    });

    (redisUrl ? it : it.skip)("when the account's generation rises on one replica, then its older sockets on the other replica are closed too", async () => {
      const prefix = `realtime-spec-${process.pid}-${Date.now()}-generations:`;
      const [one, two] = [await connect(prefix), await connect(prefix)];
      const [onOne, onTwo] = [await inTeam(await startCheckingGenerations(one), 'alice@t1', 0), await inTeam(await startCheckingGenerations(two), 'alice@t1', 0)];
      const both = Promise.all([disconnection(onOne), disconnection(onTwo)]);
      await createAccountGenerations(one).publish('alice@t1', 1, 60_000);
      await expect(both).resolves.toEqual(['io server disconnect', 'io server disconnect']);
    });
  });
});
