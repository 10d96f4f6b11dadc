import { createLogger, handleCommand } from '@seatside/chassis';
import { createTestIssuer } from '@seatside/chassis/src/auth/testing';
import { arrival, joinRoom, listenWithRealtime, received, type RealtimeTestServer } from '@seatside/chassis/src/realtime/testing';
import { ordersFixture, type OrdersFixture } from '../testing/fixture';
import { ORDERS_NAMESPACE } from '../realtime/rooms';
import { clientHashOf, GROUP_IDLE_MS, groupDecider, groupMessages as m, groupStream } from './group';
import { GROUP_UPDATED, type groupRoom } from './http';

type GroupView = { groupId: string; status: string; requestedBy: string; participants: { name: string; host: boolean }[]; lines: { participant: string; title: string; quantity: number }[] };

/**
 * Group orders (issue 20, seed 002 §2, §4, §7): a host starts a group, participants join by the
 * signed invitation and add their own lines, everyone hears the group live, and the host places
 * one order whose lines name their participants. The invitation is an HMAC capability the server
 * checks; a group closes when placed or 3 hours after its last activity (the service's clock).
 */
describe('group orders', () => {
  let f: OrdersFixture;
  let server: RealtimeTestServer;
  let staff: string;
  /** The service's clock runs `ahead` ms in front of the wall clock. */
  let ahead = 0;
  const M = 'grp-stand';
  const http = () => f.svc.http();
  const start = async (firstName = 'Hana', clientId = `host-client-${Math.random()}`) => {
    const res = await http().post(`/v1/merchants/${M}/groups`).send({ firstName, clientId });
    expect(res.status).toBe(201);
    return { ...(res.body as { groupId: string; signature: string; url: string }), clientId };
  };
  const join = (signature: string, body: object, merchant = M) => http().post(`/v1/${merchant}/order/join/${encodeURIComponent(signature)}`).send(body);
  const addLines = (groupId: string, signature: string, clientId: string, productId = 'nachos', quantity = 1) =>
    http().post(`/v1/groups/${groupId}/lines`).send({ signature, clientId, lineItems: [{ productId, quantity }] });

  beforeAll(async () => {
    f = await ordersFixture({ now: () => new Date(Date.now() + ahead) });
    const issuer = await createTestIssuer({ issuer: 'seatside', audience: 'seatside' });
    server = await listenWithRealtime(f.svc.app, {
      verifiers: [issuer.verifier()],
      pubsub: f.svc.started.deps.kv.pubsub,
      logger: createLogger({ service: 'orders-groups-spec', level: 'silent' }),
      services: [f.svc.started.service],
    });
    await f.merchant(M, { enableGroupOrdering: true });
    await f.merchantUpdate(M, { name: 'Nacho Stand', checkoutOptions: { enableGroupOrdering: true } });
    await f.merchant('grp-solo');
    await f.product({ id: 'nachos', merchantId: M, title: 'Nachos', price: 8 });
    await f.product({ id: 'soda', merchantId: M, title: 'Soda', price: 3 });
    await f.product({ id: 'solo-nachos', merchantId: 'grp-solo', title: 'Nachos', price: 8 });
    await f.modifier({ id: 'grp-salsa', merchantId: M, title: 'Salsa', rules: { required: true }, options: [{ id: 'mild' }, { id: 'hot', cost: 0.5 }] });
    await f.modifier({ id: 'grp-toppings', merchantId: M, title: 'Toppings', rules: { allowedMultiple: true, selectRestriction: 2 }, options: [{ id: 'cheese', cost: 1 }, { id: 'jalapenos', cost: 0.25 }, { id: 'beans' }] });
    await f.product({ id: 'loaded', merchantId: M, title: 'Loaded Nachos', price: 10, modifiers: ['grp-salsa', 'grp-toppings'] });
    staff = await f.member(M, 'sam');
  });
  afterAll(async () => {
    await server.close();
    await f.stop();
  });

  it('given a merchant without group ordering, then starting a group is refused', async () => {
    const res = await http().post('/v1/merchants/grp-solo/groups').send({ firstName: 'Hana', clientId: 'client-0001' });
    expect([res.status, res.body.message]).toEqual([400, m.notAvailable]);
  });

  it('given a guest join without a first name, then 400 with the form\'s message', async () => {
    const group = await start();
    const res = await join(group.signature, { clientId: 'guest-client-1' });
    expect([res.status, res.body.message, res.body.errors]).toEqual([400, m.firstNameRequired, { firstName: m.firstNameRequired }]);
  });

  it('given a guest joins, then the join-order response names the host and the merchant; both hear each other\'s lines live; the host places one order with both participants\' lines', async () => {
    const group = await start('Hana');
    expect(group.url).toBe(`/${M}/order/join/${group.signature}`);
    const joined = await join(group.signature, { firstName: 'Gus', clientId: 'guest-client-2' });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ type: 'merchant', data: { id: M, name: 'Nacho Stand', groupId: group.groupId }, mappedDomain: null, theme: null, signature: group.signature, requestedBy: 'Hana' });
    expect(Object.keys(joined.body).sort()).toEqual(['data', 'host', 'mappedDomain', 'requestedBy', 'signature', 'theme', 'type']);

    const hostSocket = await server.connect(ORDERS_NAMESPACE);
    const guestSocket = await server.connect(ORDERS_NAMESPACE);
    const room: ReturnType<typeof groupRoom> = `group:${group.groupId}`;
    await expect(joinRoom(hostSocket, { groupId: group.groupId, signature: group.signature })).resolves.toEqual({ ok: true, room });
    await expect(joinRoom(guestSocket, { groupId: group.groupId, signature: group.signature })).resolves.toEqual({ ok: true, room });
    const hostHears = received<GroupView>(hostSocket, GROUP_UPDATED);
    const guestHears = received<GroupView>(guestSocket, GROUP_UPDATED);

    const added = await addLines(group.groupId, group.signature, 'guest-client-2', 'soda', 2);
    expect(added.status).toBe(201);
    await arrival(hostHears, (g) => g.lines.some((l) => l.participant === 'Gus' && l.title === 'Soda'));
    expect((await addLines(group.groupId, group.signature, group.clientId, 'nachos')).status).toBe(201);
    await arrival(guestHears, (g) => g.lines.some((l) => l.participant === 'Hana' && l.title === 'Nachos'));

    // Only the host places.
    const checkout = { fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', customer: { firstName: 'Hana', lastName: 'Host', email: 'hana@example.com', phone: '' } };
    const byGuest = await http().post(`/v1/groups/${group.groupId}/place`).send({ signature: group.signature, clientId: 'guest-client-2', ...checkout });
    expect([byGuest.status, byGuest.body.message]).toEqual([403, m.hostOnly]);
    const placed = await http().post(`/v1/groups/${group.groupId}/place`).send({ signature: group.signature, clientId: group.clientId, ...checkout });
    expect(placed.status).toBe(201);
    expect(placed.body.billingSummary.totals.amountDue).toBe(14);
    const order = await http().get(`/v1/merchants/${M}/orders/${placed.body.id}`).set('authorization', staff);
    expect(order.body.lineItems.map((l: { title: string; quantity: number; participant: string }) => [l.participant, l.title, l.quantity])).toEqual([
      ['Gus', 'Soda', 2],
      ['Hana', 'Nachos', 1],
    ]);

    // Placed: closed to everyone.
    await arrival(guestHears, (g) => g.status === 'placed');
    const late = await addLines(group.groupId, group.signature, 'guest-client-2');
    expect([late.status, late.body.code]).toEqual([409, 'group_closed']);
    const lateJoin = await join(group.signature, { firstName: 'Late', clientId: 'late-client-1' });
    expect([lateJoin.status, lateJoin.body.code, lateJoin.body.message]).toEqual([409, 'group_closed', m.closed]);
  });

  it('given a forged signature (another group id, a changed mac, none at all), then join, lines and the room are refused with 403', async () => {
    const group = await start();
    const forgedMac = `${group.groupId}.${'A'.repeat(43)}`;
    const otherId = `00000000-0000-4000-8000-000000000000.${group.signature.split('.')[1]}`;
    for (const signature of [forgedMac, otherId, 'nonsense', group.groupId]) {
      const res = await join(signature, { firstName: 'Mallory', clientId: 'mallory-client' });
      expect([res.status, res.body.code, res.body.message]).toEqual([403, 'invitation_invalid', m.invitationInvalid]);
      const lines = await addLines(group.groupId, signature, group.clientId);
      expect([lines.status, lines.body.code]).toEqual([403, 'invitation_invalid']);
    }
    const socket = await server.connect(ORDERS_NAMESPACE);
    await expect(joinRoom(socket, { groupId: group.groupId, signature: forgedMac })).resolves.toMatchObject({ ok: false, status: 403, code: 'invitation_invalid' });
    // The right signature for another merchant's join route is no invitation there either.
    const elsewhere = await join(group.signature, { firstName: 'Gus', clientId: 'guest-client-x' }, 'grp-solo');
    expect(elsewhere.status).toBe(403);
    // Someone who never joined cannot add lines even with the signature.
    const stranger = await addLines(group.groupId, group.signature, 'never-joined-client');
    expect([stranger.status, stranger.body.code]).toEqual([403, 'invitation_invalid']);
  });

  it('given 3 hours without activity, then the signature is expired: join and lines answer 409 group closed; a minute less still joins', async () => {
    const fresh = await start();
    ahead += GROUP_IDLE_MS - 60_000;
    expect((await join(fresh.signature, { firstName: 'Early', clientId: 'early-client-1' })).status).toBe(200);
    const idle = await start();
    ahead += GROUP_IDLE_MS + 1_000;
    const res = await join(idle.signature, { firstName: 'Gus', clientId: 'guest-client-3' });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'group_closed', m.closed]);
    const lines = await addLines(idle.groupId, idle.signature, idle.clientId);
    expect([lines.status, lines.body.code]).toEqual([409, 'group_closed']);
  });

  it('given a product with a required modifier, then a line is checked as checkout checks it (required, at most, unknown options) and priced with its options', async () => {
    const group = await start('Hana');
    const send = (lineItems: object[]) => http().post(`/v1/groups/${group.groupId}/lines`).send({ signature: group.signature, clientId: group.clientId, lineItems });
    const checkout = (lineItems: object[]) =>
      http().post(`/v1/merchants/${M}/orders`).set('Idempotency-Key', `grp-mods-${Math.random()}`).send({ lineItems, fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', customer: { firstName: 'A', lastName: 'B', email: 'a@example.com' } });
    const refusals = [
      [{ productId: 'loaded', quantity: 1 }],
      [{ productId: 'loaded', quantity: 1, modifiers: [{ modifierId: 'grp-salsa', optionIds: ['mild', 'hot'] }] }],
      [{ productId: 'loaded', quantity: 1, modifiers: [{ modifierId: 'grp-salsa', optionIds: ['mild'] }, { modifierId: 'grp-toppings', optionIds: ['cheese', 'jalapenos', 'beans'] }] }],
      [{ productId: 'loaded', quantity: 1, modifiers: [{ modifierId: 'grp-salsa', optionIds: ['ghost'] }] }],
      [{ productId: 'loaded', quantity: 0, modifiers: [{ modifierId: 'grp-salsa', optionIds: ['mild'] }] }],
    ];
    const seen = [];
    for (const lineItems of refusals) {
      const [inGroup, atCheckout] = [await send(lineItems), await checkout(lineItems)];
      // The same problem+json as checkout: status, message and per-field errors.
      expect([inGroup.status, inGroup.body.code, inGroup.body.message, inGroup.body.errors]).toEqual([400, 'validation_failed', atCheckout.body.message, atCheckout.body.errors]);
      seen.push(inGroup.body.message);
    }
    expect(seen.slice(0, 3)).toEqual(['Salsa is required', 'Choose at most 1 for Salsa', 'Choose at most 2 for Toppings']);

    const added = await send([{ productId: 'loaded', quantity: 2, modifiers: [{ modifierId: 'grp-salsa', optionIds: ['hot'] }, { modifierId: 'grp-toppings', optionIds: ['cheese'] }] }]);
    expect(added.status).toBe(201);
    expect(added.body.lines).toEqual([expect.objectContaining({ title: 'Loaded Nachos', quantity: 2, unitPrice: 11.5, modifiers: [{ modifierId: 'grp-salsa', optionIds: ['hot'] }, { modifierId: 'grp-toppings', optionIds: ['cheese'] }] })]);
  });

  it('given lines of two participants, then each removes only their own (another\'s: 403 not_line_owner), the host removes anyone\'s, and the room hears each removal', async () => {
    const group = await start('Hana');
    expect((await join(group.signature, { firstName: 'Gus', clientId: 'remove-gus' })).status).toBe(200);
    expect((await join(group.signature, { firstName: 'Ivy', clientId: 'remove-ivy' })).status).toBe(200);
    const socket = await server.connect(ORDERS_NAMESPACE);
    await joinRoom(socket, { groupId: group.groupId, signature: group.signature });
    const heard = received<GroupView>(socket, GROUP_UPDATED);
    const lineOf = async (clientId: string, productId: string) => {
      const res = await addLines(group.groupId, group.signature, clientId, productId);
      return (res.body as { lines: { lineId: string; participant: string; title: string }[] }).lines.at(-1)!.lineId;
    };
    const gusSoda = await lineOf('remove-gus', 'soda');
    const ivyNachos = await lineOf('remove-ivy', 'nachos');
    const ivySoda = await lineOf('remove-ivy', 'soda');
    const remove = (lineId: string, clientId: string, signature = group.signature) => http().post(`/v1/groups/${group.groupId}/lines/${lineId}/remove`).send({ signature, clientId });

    const byOther = await remove(gusSoda, 'remove-ivy');
    expect([byOther.status, byOther.body.code, byOther.body.message]).toEqual([403, 'not_line_owner', m.notLineOwner]);
    const byStranger = await remove(gusSoda, 'never-joined');
    expect([byStranger.status, byStranger.body.code]).toEqual([403, 'invitation_invalid']);

    const own = await remove(gusSoda, 'remove-gus');
    expect(own.status).toBe(200);
    expect(own.body.lines.map((l: { lineId: string }) => l.lineId)).toEqual([ivyNachos, ivySoda]);
    await arrival(heard, (g) => g.lines.length === 2 && !g.lines.some((l) => l.participant === 'Gus'));
    const again = await remove(gusSoda, 'remove-gus');
    expect([again.status, again.body.code, again.body.message]).toEqual([404, 'line_not_found', m.lineNotFound]);

    const byHost = await remove(ivyNachos, group.clientId);
    expect(byHost.status).toBe(200);
    await arrival(heard, (g) => g.lines.length === 1 && g.lines[0]!.title === 'Soda' && g.lines[0]!.participant === 'Ivy');
  });

  it('given a line stored while no request is left to send it (its process died after the append), then the room still hears it: updates come from the checkpointed subscription on the group\'s events', async () => {
    const group = await start('Hana');
    const socket = await server.connect(ORDERS_NAMESPACE);
    await joinRoom(socket, { groupId: group.groupId, signature: group.signature });
    const heard = received<GroupView>(socket, GROUP_UPDATED);
    // The command alone, as a handler that died right after it would have left it: no answer, no emit.
    const at = new Date(Date.now() + ahead).toISOString();
    const line = { lineId: 'line-after-crash', productId: 'soda', title: 'Soda', quantity: 3, unitPriceMinor: 300, modifiers: [], at };
    await handleCommand(f.svc.started.deps.eventStore, groupStream(group.groupId), groupDecider, { type: 'AddLines', data: { clientHash: clientHashOf(group.clientId), lines: [line], at } });
    const update = await arrival(heard, (g) => g.lines.some((l) => l.title === 'Soda'));
    expect(update.lines).toEqual([expect.objectContaining({ participant: 'Hana', title: 'Soda', quantity: 3 })]);
  });

  it('given 20 participants adding a line each at the same moment, then the group holds all 20 lines and the placed order too', async () => {
    const group = await start('Hana');
    const clients = Array.from({ length: 20 }, (_, i) => `crowd-client-${i}`);
    for (const [i, clientId] of clients.entries()) expect((await join(group.signature, { firstName: `Fan ${i}`, clientId })).status).toBe(200);
    const socket = await server.connect(ORDERS_NAMESPACE);
    await joinRoom(socket, { groupId: group.groupId, signature: group.signature });
    const heard = received<GroupView>(socket, GROUP_UPDATED);
    const answers = await Promise.all(clients.map((clientId) => addLines(group.groupId, group.signature, clientId)));
    expect(answers.map((a) => a.status)).toEqual(clients.map(() => 201));
    // The room hears the group with all 20 lines (updates follow the stored events, however they raced).
    await arrival(heard, (g) => g.lines.length === 20);
    const view = await http().get(`/v1/groups/${group.groupId}`).query({ signature: group.signature });
    expect(view.body.lines).toHaveLength(20);
    expect(new Set(view.body.lines.map((l: { participant: string }) => l.participant))).toEqual(new Set(clients.map((_, i) => `Fan ${i}`)));
    const placed = await http()
      .post(`/v1/groups/${group.groupId}/place`)
      .send({ signature: group.signature, clientId: group.clientId, fulfillment: { type: 'PICKUP', pickupMethod: 'COUNTER' }, paymentProcessor: 'CASH', customer: { firstName: 'Hana', lastName: 'Host', email: 'hana@example.com', phone: '' } });
    expect(placed.status).toBe(201);
    const order = await http().get(`/v1/merchants/${M}/orders/${placed.body.id}`).set('authorization', staff);
    expect(order.body.lineItems).toHaveLength(20);
  });
});
