import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { conflict, forbidden, notFound, type Decider } from '@seatside/chassis';
import { toMajor } from '../pricing/money';

/**
 * Group orders (seed 002 §2, §4; issue 20): a host starts a group on a merchant page and shares its
 * invitation link; participants join (as guests, or signed in) and add their own lines; everyone
 * sees everyone's lines live; the host places one order through the checkout's placement path, with
 * every line labelled by its participant. One stream per group (`group-{groupId}`).
 */
export const groupMessages = {
  notAvailable: 'Group ordering is not available',
  firstNameRequired: 'Please enter in your first name.',
  invitationInvalid: 'This invitation link is not valid',
  notFound: 'Group order not found',
  closed: 'This group order is closed',
  placing: 'This group order is being placed',
  notParticipant: 'Join this group order first',
  hostOnly: 'Only the person who started this group order can place it',
  noLines: 'Add at least one item to your order',
  lineNotFound: 'This item is no longer in the group order',
  notLineOwner: 'Only the person who added this item, or the host, can remove it',
} as const;

/** A group closes 3 hours after its last activity (issue 20). */
export const GROUP_IDLE_MS = 3 * 60 * 60 * 1000;

export const groupStream = (groupId: string) => `group-${groupId}`;

/**
 * The invitation's signature: an HMAC capability over the group id, `{groupId}.{mac}`, so the join
 * route finds the group from the signature alone and the server alone can make one.
 */
export const groupSignature = (secret: string, groupId: string) => `${groupId}.${createHmac('sha256', secret).update(`group:${groupId}`).digest('base64url')}`;

/** The group id a signature was made for, or undefined when this server did not sign it. */
export function groupOfSignature(secret: string, signature: string): string | undefined {
  const dot = signature.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const groupId = signature.slice(0, dot);
  const expected = Buffer.from(groupSignature(secret, groupId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? groupId : undefined;
}

/** A participant's clientId (kept in the browser's local storage) is a bearer within the group: only its hash is kept. */
export const clientHashOf = (clientId: string) => createHash('sha256').update(clientId).digest('hex');

export interface GroupLineOption {
  modifierId: string;
  optionIds: string[];
}

export interface GroupLine {
  lineId: string;
  participantId: string;
  productId: string;
  title: string;
  quantity: number;
  unitPriceMinor: number;
  modifiers: GroupLineOption[];
  at: string;
}

export interface Participant {
  participantId: string;
  name: string;
  clientHash: string;
  uid?: string;
}

export type GroupEvent =
  | { type: 'GroupStarted'; data: { groupId: string; merchantId: string; testMode: boolean; host: Participant; at: string } }
  | { type: 'GroupJoined'; data: { groupId: string; participant: Participant; at: string } }
  | { type: 'GroupLinesAdded'; data: { groupId: string; lines: GroupLine[]; at: string } }
  | { type: 'GroupLineRemoved'; data: { groupId: string; lineId: string; removedBy: string; at: string } }
  | { type: 'GroupPlacing'; data: { groupId: string; at: string } }
  | { type: 'GroupReopened'; data: { groupId: string; at: string } }
  | { type: 'GroupPlaced'; data: { groupId: string; orderId: string; at: string } };

/** Every event of a group's stream (each names its group: the live updates follow them, groups/updates.ts). */
export const GROUP_EVENT_TYPES = ['GroupStarted', 'GroupJoined', 'GroupLinesAdded', 'GroupLineRemoved', 'GroupPlacing', 'GroupReopened', 'GroupPlaced'] as const satisfies readonly GroupEvent['type'][];

export type GroupCommand =
  | { type: 'StartGroup'; data: { groupId: string; merchantId: string; testMode: boolean; host: Participant; at: string } }
  | { type: 'JoinGroup'; data: { participant: Participant; at: string } }
  | { type: 'AddLines'; data: { clientHash: string; lines: Omit<GroupLine, 'participantId'>[]; at: string } }
  | { type: 'RemoveLine'; data: { clientHash: string; lineId: string; at: string } }
  | { type: 'StartPlacing'; data: { clientHash: string; at: string } }
  | { type: 'Reopen'; data: { at: string } }
  | { type: 'MarkPlaced'; data: { orderId: string; at: string } };

export type GroupState =
  | { status: 'none' }
  | {
      status: 'open' | 'placing' | 'placed';
      groupId: string;
      merchantId: string;
      testMode: boolean;
      hostId: string;
      participants: Participant[];
      lines: GroupLine[];
      lastActivityAt: string;
      orderId?: string;
    };

export type LiveGroup = Exclude<GroupState, { status: 'none' }>;

/** Placed, or idle for 3 hours: a closed group takes no one and nothing more. */
export const isClosed = (state: LiveGroup, at: string) => state.status === 'placed' || Date.parse(at) - Date.parse(state.lastActivityAt) > GROUP_IDLE_MS;

const live = (state: GroupState): LiveGroup => {
  if (state.status === 'none') throw notFound(groupMessages.notFound, 'not_found');
  return state;
};

const openAt = (state: GroupState, at: string): LiveGroup => {
  const group = live(state);
  if (isClosed(group, at)) throw conflict(groupMessages.closed, undefined, 'group_closed');
  return group;
};

export const participantOf = (state: LiveGroup, clientHash: string) => state.participants.find((p) => p.clientHash === clientHash);

export const groupDecider: Decider<GroupCommand, GroupEvent, GroupState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'StartGroup':
        if (state.status !== 'none') throw conflict(groupMessages.closed, undefined, 'group_closed');
        return [{ type: 'GroupStarted', data: command.data }];
      case 'JoinGroup': {
        const group = openAt(state, command.data.at);
        // The same browser joining again is the same participant.
        if (participantOf(group, command.data.participant.clientHash)) return [];
        if (group.status === 'placing') throw conflict(groupMessages.placing, undefined, 'group_closed');
        return [{ type: 'GroupJoined', data: { groupId: group.groupId, participant: command.data.participant, at: command.data.at } }];
      }
      case 'AddLines': {
        const group = openAt(state, command.data.at);
        const participant = participantOf(group, command.data.clientHash);
        if (!participant) throw forbidden(groupMessages.notParticipant, 'invitation_invalid');
        if (group.status === 'placing') throw conflict(groupMessages.placing, undefined, 'group_closed');
        const lines = command.data.lines.map((line) => ({ ...line, participantId: participant.participantId }));
        return [{ type: 'GroupLinesAdded', data: { groupId: group.groupId, lines, at: command.data.at } }];
      }
      case 'RemoveLine': {
        // A participant removes their own lines; the host removes anyone's.
        const group = openAt(state, command.data.at);
        const participant = participantOf(group, command.data.clientHash);
        if (!participant) throw forbidden(groupMessages.notParticipant, 'invitation_invalid');
        if (group.status === 'placing') throw conflict(groupMessages.placing, undefined, 'group_closed');
        const line = group.lines.find((l) => l.lineId === command.data.lineId);
        if (!line) throw notFound(groupMessages.lineNotFound, 'line_not_found');
        if (line.participantId !== participant.participantId && participant.participantId !== group.hostId) throw forbidden(groupMessages.notLineOwner, 'not_line_owner');
        return [{ type: 'GroupLineRemoved', data: { groupId: group.groupId, lineId: line.lineId, removedBy: participant.participantId, at: command.data.at } }];
      }
      case 'StartPlacing': {
        const group = openAt(state, command.data.at);
        if (participantOf(group, command.data.clientHash)?.participantId !== group.hostId) throw forbidden(groupMessages.hostOnly);
        if (group.lines.length === 0) throw conflict(groupMessages.noLines);
        // Placing again after a crash between the two steps: the order's Idempotency-Key makes it the same order.
        if (group.status === 'placing') return [];
        return [{ type: 'GroupPlacing', data: { groupId: group.groupId, at: command.data.at } }];
      }
      case 'Reopen': {
        const group = live(state);
        return group.status === 'placing' ? [{ type: 'GroupReopened', data: { groupId: group.groupId, at: command.data.at } }] : [];
      }
      case 'MarkPlaced': {
        const group = live(state);
        return group.status === 'placed' ? [] : [{ type: 'GroupPlaced', data: { groupId: group.groupId, orderId: command.data.orderId, at: command.data.at } }];
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'GroupStarted') {
      const { groupId, merchantId, testMode, host, at } = event.data;
      return { status: 'open', groupId, merchantId, testMode, hostId: host.participantId, participants: [host], lines: [], lastActivityAt: at };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'GroupJoined':
        return { ...state, participants: [...state.participants, event.data.participant], lastActivityAt: event.data.at };
      case 'GroupLinesAdded':
        return { ...state, lines: [...state.lines, ...event.data.lines], lastActivityAt: event.data.at };
      case 'GroupLineRemoved':
        return { ...state, lines: state.lines.filter((line) => line.lineId !== event.data.lineId), lastActivityAt: event.data.at };
      case 'GroupPlacing':
        return { ...state, status: 'placing', lastActivityAt: event.data.at };
      case 'GroupReopened':
        return { ...state, status: 'open', lastActivityAt: event.data.at };
      case 'GroupPlaced':
        return { ...state, status: 'placed', orderId: event.data.orderId, lastActivityAt: event.data.at };
      default:
        return state;
    }
  },
};

/** A group as its stream's events make it. */
export const groupStateOf = (events: readonly { type: string; data: unknown }[]): GroupState =>
  events.reduce((state, event) => groupDecider.evolve(state, { type: event.type, data: event.data } as GroupEvent), groupDecider.initialState());

/** What participants see: names and lines, never a clientId's hash. Money in major units. */
export function groupViewOf(state: LiveGroup, at: string) {
  const names = new Map(state.participants.map((p) => [p.participantId, p.name]));
  return {
    groupId: state.groupId,
    merchantId: state.merchantId,
    testMode: state.testMode,
    status: state.status !== 'placed' && isClosed(state, at) ? 'closed' : state.status,
    requestedBy: names.get(state.hostId) ?? '',
    participants: state.participants.map((p) => ({ participantId: p.participantId, name: p.name, host: p.participantId === state.hostId })),
    lines: state.lines.map((line) => ({
      lineId: line.lineId,
      participantId: line.participantId,
      participant: names.get(line.participantId) ?? '',
      productId: line.productId,
      title: line.title,
      quantity: line.quantity,
      unitPrice: toMajor(line.unitPriceMinor),
      modifiers: line.modifiers,
    })),
    ...(state.orderId ? { orderId: state.orderId } : {}),
  };
}

export type GroupView = ReturnType<typeof groupViewOf>;

/** `groupViewOf` in the OpenAPI document (src/openapi.ts). */
export const groupAnswer = z.looseObject({
  groupId: z.string(),
  merchantId: z.string(),
  testMode: z.boolean(),
  status: z.enum(['open', 'placing', 'placed', 'closed']),
  /** The host's name. */
  requestedBy: z.string(),
  participants: z.array(z.object({ participantId: z.string(), name: z.string(), host: z.boolean() })),
  lines: z.array(z.looseObject({ lineId: z.string(), participant: z.string(), productId: z.string(), quantity: z.number() })),
  orderId: z.string().optional(),
});
