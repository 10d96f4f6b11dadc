import type { GroupView } from '../api';
import type { CartLine } from '../cart/lines';
import { toMinor } from '../domain/money';

/** A group order's pure parts (docs/orders-api.md, Group orders). */

/** A placed group, or one idle for 3 hours, takes no one else: its invitation says so at once. */
export const groupIsClosed = (status: GroupView['status']): boolean => status === 'placed' || status === 'closed';

/**
 * Whether the participant a join answered with is the group's host: the same browser (clientId)
 * joining again is the same participant, so a host who opens their own invitation stays its host.
 */
export const isGroupHost = (group: Pick<GroupView, 'participants'>, participantId: string | undefined): boolean =>
  participantId !== undefined && group.participants.some((p) => p.participantId === participantId && p.host);

/** The group's lines as cart lines, so the checkout's body (and its price quote) is made from them as from a cart. */
export const groupCartLines = (lines: GroupView['lines']): CartLine[] =>
  lines.map((line) => ({
    key: line.lineId,
    productId: line.productId,
    title: line.title,
    quantity: line.quantity,
    unitPriceMinor: toMinor(line.unitPrice),
    modifiers: line.modifiers ?? [],
    optionLabels: [],
  }));
